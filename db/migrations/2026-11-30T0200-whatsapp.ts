import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * WhatsApp confirmations and reminders (issue 29, docs/decisions/0063).
 * - appointments.whatsapp_reminders: the visitor's consent (its text is in consent_records);
 *   whatsapp_stopped_at: when they ended it ("STOP" or their manage page), e-mail remains;
 *   attendance_confirmed_at: when they answered "I'll be there" to a reminder.
 * - users.whatsapp_enabled: the clinic's switch (on by default); whatsapp_name: the shorter name
 *   its messages carry, if it gave one; whatsapp_sender: the Cloud API phone number id that
 *   sends them, null for Minda's own number.
 * - whatsapp_outbox: one row per message, leased like email_outbox. The body (the template's
 *   parameters) and the number are cleared once the message is sent or closed; the row keeps
 *   the Cloud API's message id, the delivery status and the e-mail standing by for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const flag = mysql ? sql`boolean` : sql`integer`;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const longText = mysql ? sql`mediumtext` : sql`text`;
  await db.schema.alterTable('appointments').addColumn('whatsapp_reminders', flag, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('appointments').addColumn('whatsapp_stopped_at', timestamp).execute();
  await db.schema.alterTable('appointments').addColumn('attendance_confirmed_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('whatsapp_enabled', flag, (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('whatsapp_name', 'varchar(60)').execute();
  await db.schema.alterTable('users').addColumn('whatsapp_sender', 'varchar(64)').execute();

  const outbox = db.schema.createTable('whatsapp_outbox');
  await (mysql ? outbox.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : outbox)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('appointment_id', 'varchar(36)')
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(20)')
    .addColumn('sender', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', longText)
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp)
    .addColumn('lease_owner', 'varchar(36)')
    .addColumn('locked_until', timestamp)
    .addColumn('last_error', 'varchar(200)')
    .addColumn('wa_message_id', 'varchar(128)')
    .addColumn('fallback_email_id', 'varchar(36)')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('sent_at', timestamp)
    .addColumn('status_at', timestamp)
    .execute();
  await db.schema.createIndex('whatsapp_outbox_due').on('whatsapp_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('whatsapp_outbox_message').on('whatsapp_outbox').column('wa_message_id').execute();
  await db.schema.createIndex('whatsapp_outbox_appointment').on('whatsapp_outbox').column('appointment_id').execute();
  await db.schema.createIndex('whatsapp_outbox_clinic_month').on('whatsapp_outbox').columns(['user_id', 'sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('whatsapp_outbox').execute();
  await db.schema.alterTable('users').dropColumn('whatsapp_sender').execute();
  await db.schema.alterTable('users').dropColumn('whatsapp_name').execute();
  await db.schema.alterTable('users').dropColumn('whatsapp_enabled').execute();
  await db.schema.alterTable('appointments').dropColumn('attendance_confirmed_at').execute();
  await db.schema.alterTable('appointments').dropColumn('whatsapp_stopped_at').execute();
  await db.schema.alterTable('appointments').dropColumn('whatsapp_reminders').execute();
}
