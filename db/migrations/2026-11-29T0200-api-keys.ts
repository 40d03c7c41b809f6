import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * API keys for server-to-server calls (issue 27, docs/decisions/0058): a clinic's keys, each
 * stored only as the SHA-256 of its random secret, with its scopes, optional expiry, revocation
 * and last use. Every use is an audit entry naming the key (`audit_log.api_key_id`, no
 * reference, so the entry outlives the key) and the operation it called.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const table = db.schema.createTable('api_keys');
  await (mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('clinic_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('key_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('scopes', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .addColumn('last_used_at', timestamp)
    .execute();
  await db.schema.createIndex('api_keys_clinic_idx').on('api_keys').column('clinic_id').execute();
  await db.schema.alterTable('audit_log').addColumn('api_key_id', 'varchar(36)').execute();
  await db.schema.alterTable('audit_log').addColumn('operation', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('operation').execute();
  await db.schema.alterTable('audit_log').dropColumn('api_key_id').execute();
  await db.schema.dropTable('api_keys').execute();
}
