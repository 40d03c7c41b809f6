import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * WhatsApp replies acted on once (issue 29, docs/decisions/0063). Meta redelivers a webhook it
 * thinks went unanswered; whatsapp_replies holds the Cloud API id (wamid.…) of each inbound
 * message acted on, written in the transaction of the action, so a second delivery fails on the
 * primary key and does nothing. Only the id and when it came: never the number or the text.
 * Rows are purged after Meta's redelivery window (`expires_at`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const builder = db.schema.createTable('whatsapp_replies');
  await (mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder)
    .addColumn('wa_message_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('whatsapp_replies_expiry').on('whatsapp_replies').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('whatsapp_replies').execute();
}
