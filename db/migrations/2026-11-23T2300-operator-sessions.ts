import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Operator sessions kept on the server (docs/decisions/0009a): the cookie names a random id,
 * the table holds its SHA-256, so neither a leaked cookie secret nor a leaked table signs
 * anyone in. They replace users.session_version. Also the per-account sign-in throttle
 * (docs/decisions/0010): wrong passwords in a row, when the last one came, and when the next
 * attempt may be checked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const table = (name: string) => {
    const builder = db.schema.createTable(name);
    return mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder;
  };

  await table('operator_sessions')
    .addColumn('id_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_sessions_user_idx').on('operator_sessions').column('user_id').execute();
  await db.schema.createIndex('operator_sessions_expires_idx').on('operator_sessions').column('expires_at').execute();

  await table('login_throttles')
    .addColumn('bucket', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', timestamp, (c) => c.notNull())
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttles_last_failure_idx').on('login_throttles').column('last_failure_at').execute();

  await db.schema.alterTable('users').dropColumn('session_version').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.dropTable('login_throttles').execute();
  await db.schema.dropTable('operator_sessions').execute();
}
