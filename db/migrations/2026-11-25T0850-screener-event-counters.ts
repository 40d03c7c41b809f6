import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Anonymous screener counts for the clinic's insights (issue 14, docs/decisions/0025).
 * One row per screener, Malaysian day and event ('completed:DASS-21',
 * 'level:DASS-21:stress:mild', …) holding how many times it happened: no visitor, address,
 * identifier or time finer than the day is stored. An event is one upsert that adds 1.
 * The counts go with the screener's configuration (and so with the clinic's account).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  let table = db.schema
    .createTable('screener_event_counters')
    .addColumn('configuration_id', 'varchar(36)', (c) => c.notNull().references('screener_configurations.id').onDelete('cascade'))
    // YYYY-MM-DD in Malaysia (UTC+8): text compares and sorts the same on both dialects.
    .addColumn('day', 'char(10)', (c) => c.notNull())
    .addColumn('event', 'varchar(64)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('screener_event_counters_pk', ['configuration_id', 'day', 'event']);
  if (mysql) table = table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`);
  await table.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('screener_event_counters').execute();
}
