import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * whatsapp_outbox.once_key: a message queued with a key already queued is dropped, by the
 * database's UNIQUE index, whichever process queues it. The crisis alert keys itself by its
 * clinic and quiet period (docs/decisions/0063), so a stranger flagging request after request
 * sends the clinic's crisis contact one message per period. NULL for every other message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('whatsapp_outbox').addColumn('once_key', 'varchar(100)').execute();
  await db.schema.createIndex('whatsapp_outbox_once').on('whatsapp_outbox').column('once_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('whatsapp_outbox_once').on('whatsapp_outbox').execute();
  await db.schema.alterTable('whatsapp_outbox').dropColumn('once_key').execute();
}
