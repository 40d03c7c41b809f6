import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Reminders and calendars (issue 13).
 * - appointments.revision counts the changes of an appointment (status or time): the SEQUENCE of
 *   its calendar event, and the key of its reminders. revised_at is when the last one happened.
 * - appointment_reminders has one row per reminder queued, keyed by appointment, lead and
 *   revision, so any number of processes queue each reminder once.
 * - email_outbox.expires_at: a mail that is pointless after a moment (a reminder once the session
 *   began) is never sent after it. A withdrawn mail (status 'withdrawn') is never sent at all.
 * - users.second_reminder: the clinic's optional reminder 2 hours before.
 * - psychologists.calendar_token_hash: the hash of the secret of their calendar subscription URL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const flag = mysql ? sql`boolean` : sql`integer`;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  await db.schema.alterTable('appointments').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('appointments').addColumn('revised_at', timestamp).execute();
  await db.schema.alterTable('email_outbox').addColumn('expires_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('second_reminder', flag, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('psychologists').addColumn('calendar_token_hash', 'varchar(64)').execute();
  await db.schema.createIndex('psychologists_calendar_token_hash').unique().on('psychologists').column('calendar_token_hash').execute();

  const reminders = db.schema.createTable('appointment_reminders');
  await (mysql ? reminders.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : reminders)
    .addColumn('appointment_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('lead_hours', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('email_id', 'varchar(36)', (c) => c.notNull())
    .addPrimaryKeyConstraint('appointment_reminders_pk', ['appointment_id', 'lead_hours', 'revision'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_reminders').execute();
  await db.schema.dropIndex('psychologists_calendar_token_hash').on('psychologists').execute();
  await db.schema.alterTable('psychologists').dropColumn('calendar_token_hash').execute();
  await db.schema.alterTable('users').dropColumn('second_reminder').execute();
  await db.schema.alterTable('email_outbox').dropColumn('expires_at').execute();
  await db.schema.alterTable('appointments').dropColumn('revised_at').execute();
  await db.schema.alterTable('appointments').dropColumn('revision').execute();
}
