import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Issue 24, docs/decisions/0038: the free allowance counts what the clinic accepted, a visitor's
 * link cannot flood anyone's mailbox, and a clinic can refuse a spammer for 30 days.
 * - appointments.allowance_counted: whether this booking used one of the free allowance, so a
 *   decline or a spam mark gives back exactly what was taken. Standing bookings counted when they
 *   were requested under decision 0021, so they start counted.
 * - appointments.visitor_moves: how often the visitor moved it through their link (at most 3).
 * - email_outbox.coalesce_key: mails with one key replace each other while unsent.
 * - booking_blocks: keyed digests (appointments.client_email_key, client_address_key) of an
 *   e-mail identity or a client address that a clinic marked
 *   as spam, refused its bookings until expires_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const flag = mysql ? sql`boolean` : sql`integer`;
  await db.schema.alterTable('appointments').addColumn('allowance_counted', flag, (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('appointments').set({ allowance_counted: 1 }).where('status', 'in', ['requested', 'confirmed']).execute();
  await db.schema.alterTable('appointments').addColumn('visitor_moves', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('email_outbox').addColumn('coalesce_key', 'varchar(100)').execute();
  await db.schema.createIndex('email_outbox_coalesce_idx').on('email_outbox').columns(['coalesce_key', 'status']).execute();

  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  let blocks = db.schema
    .createTable('booking_blocks')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'email:' or 'address:' and an HMAC-SHA-256 in hex.
    .addColumn('subject_digest', 'varchar(80)', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_blocks_pk', ['user_id', 'subject_digest']);
  if (mysql) blocks = blocks.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`);
  await blocks.execute();
  await db.schema.createIndex('booking_blocks_expires_idx').on('booking_blocks').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_blocks').execute();
  await db.schema.dropIndex('email_outbox_coalesce_idx').on('email_outbox').execute();
  await db.schema.alterTable('email_outbox').dropColumn('coalesce_key').execute();
  await db.schema.alterTable('appointments').dropColumn('visitor_moves').execute();
  await db.schema.alterTable('appointments').dropColumn('allowance_counted').execute();
}
