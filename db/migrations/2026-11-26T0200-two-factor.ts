import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Two-factor sign-in (issue 16, docs/decisions/0035). Keyed by `account_id`, today's users.id,
 * without a foreign key for now: the clinic-members work adds an `accounts` table whose ids
 * equal users.id, and the key will point there once both are merged.
 * - `two_factor_secrets`: the account's TOTP secret, encrypted; `enabled_at` null while set-up
 *   waits for its first code. `last_used_step` is the time step of the last code accepted, so
 *   a code is refused a second time in its window.
 * - `two_factor_recovery_codes`: the SHA-256 of each single-use recovery code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const table = (name: string) => {
    const builder = db.schema.createTable(name);
    return mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder;
  };

  await table('two_factor_secrets')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('secret_sealed', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('enabled_at', timestamp)
    .addColumn('last_used_step', 'bigint')
    .execute();

  await table('two_factor_recovery_codes')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['account_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_secrets').execute();
}
