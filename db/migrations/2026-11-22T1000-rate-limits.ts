import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Fixed-window attempt counters shared by every server process. A bucket is a rule name
 * and a hash of what it counts (an address, a username), so no address or e-mail is stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const table = db.schema.createTable('rate_limit_counters');
  await (mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table)
    .addColumn('bucket', 'varchar(100)', (c) => c.notNull())
    .addColumn('window_start', timestamp, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_expires_idx')
    .on('rate_limit_counters')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
