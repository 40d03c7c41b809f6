import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Retention and the visitor's rights (issue 14).
 * - users.visitor_data_retention_days: how long the clinic keeps a visitor's personal data after
 *   the appointment ends (30 to 730 days, 180 by default).
 * - appointments.personal_data_erased_at: when the visitor's name, e-mail, phone and shared
 *   results were erased (by the retention job or by the visitor); the row stays as an anonymous
 *   count. Indexed with user_id for the daily job's scan.
 * - email_outbox.appointment_id: the appointment a mail is about, so that erasing a visitor
 *   withdraws the mails still waiting that name them, and deleting a clinic deletes its mails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;

  await db.schema.alterTable('users').addColumn('visitor_data_retention_days', 'integer', (c) => c.notNull().defaultTo(180)).execute();
  await db.schema.alterTable('appointments').addColumn('personal_data_erased_at', timestamp).execute();
  await db.schema.createIndex('appointments_retention').on('appointments').columns(['user_id', 'personal_data_erased_at']).execute();
  await db.schema.alterTable('email_outbox').addColumn('appointment_id', 'varchar(36)').execute();
  await db.schema.createIndex('email_outbox_appointment').on('email_outbox').column('appointment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_outbox_appointment').on('email_outbox').execute();
  await db.schema.alterTable('email_outbox').dropColumn('appointment_id').execute();
  await db.schema.dropIndex('appointments_retention').on('appointments').execute();
  await db.schema.alterTable('appointments').dropColumn('personal_data_erased_at').execute();
  await db.schema.alterTable('users').dropColumn('visitor_data_retention_days').execute();
}
