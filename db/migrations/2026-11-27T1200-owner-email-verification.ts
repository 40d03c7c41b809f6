import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * A clinic invites people and registers webhooks only once its owner has verified their e-mail
 * (issue 24, docs/decisions/0039).
 * - `accounts.email_verified_at`: when the person opened a link mailed to their address. Null for
 *   every existing account: nothing ever checked an address before, so nobody counts as verified.
 * - `email_verifications`: the one link waiting per account, stored as its token's SHA-256, for
 *   the address it was sent to.
 * - `invitations.last_sent_at` and `resends`: a resend waits 10 minutes after the last mail and
 *   an invitation is resent at most 3 times. Existing invitations were last sent when made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;

  await db.schema.alterTable('accounts').addColumn('email_verified_at', timestamp).execute();

  const verifications = db.schema
    .createTable('email_verifications')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull());
  await (mysql ? verifications.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : verifications).execute();

  await db.schema.alterTable('invitations').addColumn('last_sent_at', timestamp).execute();
  await db.schema.alterTable('invitations').addColumn('resends', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('invitations').set({ last_sent_at: sql`created_at` }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').dropColumn('resends').execute();
  await db.schema.alterTable('invitations').dropColumn('last_sent_at').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('accounts').dropColumn('email_verified_at').execute();
}
