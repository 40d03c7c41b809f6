import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Holds are bounded per client, not per clinic (issue 24, docs/decisions/0037): each appointment
 * keeps keyed digests (HMAC, never the address itself) of the visitor's normalised e-mail, of
 * their address and of its network, so open holds can be counted per each. Rows booked before
 * have none and count toward no client. The count reads a clinic's open rows by the
 * (user_id, status) index, so the digests need none of their own. `used_booking_challenges` keeps each solved
 * proof-of-work until it expires, so one solution books once, whichever process sees it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  for (const column of ['client_email_key', 'client_address_key', 'client_network_key']) {
    await db.schema.alterTable('appointments').addColumn(column, 'varchar(64)').execute();
  }
  const table = db.schema.createTable('used_booking_challenges');
  await (mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table)
    .addColumn('challenge_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_booking_challenges_expires_idx').on('used_booking_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('used_booking_challenges').execute();
  for (const column of ['client_email_key', 'client_address_key', 'client_network_key']) {
    await db.schema.alterTable('appointments').dropColumn(column).execute();
  }
}
