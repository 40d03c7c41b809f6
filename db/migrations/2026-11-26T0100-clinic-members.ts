import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * The clinic team (issue 16, docs/decisions/0034): `users` stays the clinic, so no clinic data
 * moves; the people who sign in become `accounts`, each a member of clinics through
 * `memberships` with a role. Every existing clinic's login becomes an account with the same id,
 * username, e-mail and password, and the clinic's owner. Sessions and reset links now name the
 * person (sessions also the clinic chosen), so both tables are rebuilt with their rows kept;
 * the clinic's copy of the password hash goes. Invitations are stored as their token's hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const table = (name: string) => {
    const builder = db.schema.createTable(name);
    return mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder;
  };

  await table('accounts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db
    .insertInto('accounts')
    .columns(['id', 'username', 'email', 'password_hash', 'created_at'])
    .expression(db.selectFrom('users').select(['id', 'username', 'email', 'password_hash', 'created_at']))
    .execute();

  await table('memberships')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('clinic_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.references('psychologists.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['account_id', 'clinic_id'])
    .execute();
  await db.schema.createIndex('memberships_clinic_idx').on('memberships').column('clinic_id').execute();
  await db
    .insertInto('memberships')
    .columns(['account_id', 'clinic_id', 'role', 'psychologist_id', 'created_at'])
    .expression(db.selectFrom('users').select(['id', 'id', sql.lit('owner').as('role'), sql.lit(null).as('psychologist_id'), 'created_at']))
    .execute();

  await table('invitations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('clinic_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.references('psychologists.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('accepted_at', timestamp)
    .execute();
  await db.schema.createIndex('invitations_clinic_idx').on('invitations').column('clinic_id').execute();

  // Rebuilt rather than altered: SQLite cannot add a NOT NULL reference to a table with rows.
  await table('operator_sessions_next')
    .addColumn('id_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('clinic_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db
    .insertInto('operator_sessions_next')
    .columns(['id_hash', 'account_id', 'clinic_id', 'created_at', 'last_seen_at', 'expires_at'])
    .expression(db.selectFrom('operator_sessions').select(['id_hash', 'user_id', 'user_id', 'created_at', 'last_seen_at', 'expires_at']))
    .execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.alterTable('operator_sessions_next').renameTo('operator_sessions').execute();
  await db.schema.createIndex('operator_sessions_member_idx').on('operator_sessions').columns(['account_id', 'clinic_id']).execute();
  await db.schema.createIndex('operator_sessions_clinic_idx').on('operator_sessions').column('clinic_id').execute();
  await db.schema.createIndex('operator_sessions_expires_idx').on('operator_sessions').column('expires_at').execute();

  await table('password_reset_tokens_next')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db
    .insertInto('password_reset_tokens_next')
    .columns(['id', 'account_id', 'token_hash', 'expires_at', 'used_at', 'created_at'])
    .expression(db.selectFrom('password_reset_tokens').select(['id', 'user_id', 'token_hash', 'expires_at', 'used_at', 'created_at']))
    .execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.alterTable('password_reset_tokens_next').renameTo('password_reset_tokens').execute();
  await db.schema.createIndex('password_reset_tokens_hash_idx').on('password_reset_tokens').column('token_hash').unique().execute();
  await db.schema.createIndex('password_reset_tokens_account_idx').on('password_reset_tokens').column('account_id').execute();

  // Who acted, when a member did; no reference, so the log outlives the account.
  await db.schema.alterTable('audit_log').addColumn('account_id', 'varchar(36)').execute();

  await db.schema.alterTable('users').dropColumn('password_hash').execute();
}

/** One way only: after it, members and invitations exist that the old single-login schema cannot hold. */
export async function down(): Promise<void> {
  throw new Error('2026-11-26T0100-clinic-members cannot be undone; restore a backup taken before it');
}
