import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Password-reset requests waiting to be turned into a link (docs/decisions/0009a): written
 * before the answer, the same for a known and an unknown address, and deleted as soon as a
 * background pass has queued the link or found no account. Claimed with a lease, so any number
 * of processes share the work and a crash loses nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const builder = db.schema.createTable('password_reset_requests');
  await (mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('requested_at', timestamp, (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(36)')
    .addColumn('lease_until', timestamp)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_requests').execute();
}
