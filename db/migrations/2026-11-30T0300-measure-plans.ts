import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Measurement-based care, its first part (issue 30, docs/decisions/0067): a client enrolled
 * from an appointment in repeat measures. The plan keeps what to ask and when, who enrolled
 * them and when, and the version of the consent's text (the consent itself is a consent_records
 * row of the appointment, kind 'measures', its text in consent_texts); no answers yet.
 * open_appointment_id equals appointment_id until consent is withdrawn, then NULL: its UNIQUE
 * index keeps one open plan per appointment, however many enrol at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const plans = db.schema.createTable('measure_plans');
  await (mysql ? plans.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : plans)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('appointment_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('open_appointment_id', 'varchar(36)')
    .addColumn('instruments', 'varchar(16)', (c) => c.notNull())
    .addColumn('schedule', 'varchar(24)', (c) => c.notNull())
    .addColumn('consent_version', 'varchar(64)', (c) => c.notNull())
    .addColumn('enrolled_at', timestamp, (c) => c.notNull())
    .addColumn('enrolled_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('withdrawn_at', timestamp)
    .execute();
  await db.schema.createIndex('measure_plans_open').on('measure_plans').column('open_appointment_id').unique().execute();
  await db.schema.createIndex('measure_plans_appointment').on('measure_plans').column('appointment_id').execute();
  await db.schema.createIndex('measure_plans_clinic').on('measure_plans').columns(['user_id', 'psychologist_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('measure_plans').execute();
}
