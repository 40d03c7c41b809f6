import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Measurement-based care, its measures and alerts (issue 30, docs/decisions/0067).
 * - measures: one row per measure a plan asks for. `occasion` names what it is for ('session:<appointment
 *   id>', 'fortnight:<n>' or 'once'), and its UNIQUE index with plan_id makes a measure go once, however
 *   many processes send. The link's token is kept as its SHA-256 only. The answers and the scores
 *   (JSON) are the client's health data, erased with the plan's consent or the clinic's retention.
 * - measure_alerts: what someone must acknowledge: a risk item answered, or a scale's reliable
 *   deterioration. UNIQUE (measure_id, reason) raises each once; notified_at and escalated_at are
 *   claimed by guarded updates, so each goes once with any number of processes.
 * - users: how many days after sending a reminder follows and a measure expires (the clinic may
 *   change both), and whether a client sees their own trend.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const flag = mysql ? sql`boolean` : sql`integer`;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const longText = mysql ? sql`mediumtext` : sql`text`;
  const innoDb = <T extends { modifyEnd(s: unknown): T }>(table: T): T =>
    mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table;

  await db.schema.alterTable('users').addColumn('measure_reminder_days', 'integer', (c) => c.notNull().defaultTo(2)).execute();
  await db.schema.alterTable('users').addColumn('measure_expiry_days', 'integer', (c) => c.notNull().defaultTo(4)).execute();
  await db.schema.alterTable('users').addColumn('measure_trend_visible', flag, (c) => c.notNull().defaultTo(0)).execute();

  await innoDb(db.schema.createTable('measures'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('occasion', 'varchar(64)', (c) => c.notNull())
    .addColumn('session_appointment_id', 'varchar(36)')
    .addColumn('instruments', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('due_at', timestamp, (c) => c.notNull())
    .addColumn('sent_at', timestamp, (c) => c.notNull())
    .addColumn('reminded_at', timestamp)
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('answered_at', timestamp)
    .addColumn('answers', longText)
    .addColumn('scores', longText)
    .execute();
  await db.schema.createIndex('measures_occasion').on('measures').columns(['plan_id', 'occasion']).unique().execute();
  await db.schema.createIndex('measures_token').on('measures').column('token_hash').unique().execute();
  await db.schema.createIndex('measures_open').on('measures').columns(['answered_at', 'expires_at']).execute();
  await db.schema.createIndex('measures_clinic_answered').on('measures').columns(['user_id', 'answered_at']).execute();

  await innoDb(db.schema.createTable('measure_alerts'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('measure_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('raised_at', timestamp, (c) => c.notNull())
    .addColumn('notified_at', timestamp)
    .addColumn('escalated_at', timestamp)
    .addColumn('acknowledged_at', timestamp)
    .addColumn('acknowledged_by', 'varchar(36)')
    .addColumn('note', 'varchar(500)')
    .execute();
  await db.schema.createIndex('measure_alerts_once').on('measure_alerts').columns(['measure_id', 'reason']).unique().execute();
  await db.schema.createIndex('measure_alerts_open').on('measure_alerts').columns(['user_id', 'acknowledged_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('measure_alerts').execute();
  await db.schema.dropTable('measures').execute();
  await db.schema.alterTable('users').dropColumn('measure_trend_visible').execute();
  await db.schema.alterTable('users').dropColumn('measure_expiry_days').execute();
  await db.schema.alterTable('users').dropColumn('measure_reminder_days').execute();
}
