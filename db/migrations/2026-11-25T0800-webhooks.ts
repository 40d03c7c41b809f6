import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Webhooks for the clinic's own systems (issue 13).
 * - users.webhook_secret: the clinic's signing secret, drawn when it registers its first
 *   endpoint. Kept as it is: the server signs with it, and the clinic reads it to check.
 * - webhook_endpoints: the https addresses a clinic registered.
 * - webhook_deliveries: one row per event and endpoint, a durable outbox. A worker leases due
 *   rows by a conditional UPDATE (lease_owner, locked_until) and reads back what it won, which
 *   any MySQL-compatible engine runs. The body is erased once delivered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const innodb = <T extends { modifyEnd: (s: ReturnType<typeof sql>) => T }>(table: T) =>
    mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table;

  await db.schema.alterTable('users').addColumn('webhook_secret', 'varchar(80)').execute();

  await innodb(db.schema.createTable('webhook_endpoints'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_user').on('webhook_endpoints').column('user_id').execute();

  await innodb(db.schema.createTable('webhook_deliveries'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'varchar(36)', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(36)')
    .addColumn('locked_until', timestamp)
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('delivered_at', timestamp)
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_user').on('webhook_deliveries').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('webhook_deliveries_lease').on('webhook_deliveries').column('lease_owner').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.alterTable('users').dropColumn('webhook_secret').execute();
}
