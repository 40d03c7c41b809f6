import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * The booking lifecycle (issue 13). An appointment starts as a hold until the visitor confirms
 * their e-mail through the private link whose hash is kept here; every change of status is
 * recorded in appointment_events. Each clinic chooses whether the visitor must confirm their
 * e-mail (on by default: the abuse fix) and whether requests are confirmed automatically (off,
 * as SPEC's 'will reach out to confirm' implies). Standing bookings become 'requested'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const flag = mysql ? sql`boolean` : sql`integer`;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  await db.schema.alterTable('users').addColumn('confirm_visitor_email', flag, (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('auto_confirm_requests', flag, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('appointments').addColumn('manage_token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('appointments').addColumn('hold_expires_at', timestamp).execute();
  await db.schema.createIndex('appointments_manage_token_hash').unique().on('appointments').column('manage_token_hash').execute();
  await db.schema.createIndex('appointments_user_status').on('appointments').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('appointments_status_hold').on('appointments').columns(['status', 'hold_expires_at']).execute();
  await db.updateTable('appointments').set({ status: 'requested' }).where('status', '=', 'booked').execute();

  const events = db.schema.createTable('appointment_events');
  await (mysql ? events.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : events)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('appointment_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('actor', 'varchar(10)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(12)')
    .addColumn('to_status', 'varchar(12)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointment_events_appointment').on('appointment_events').columns(['appointment_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_events').execute();
  await db.updateTable('appointments').set({ status: 'booked' }).where('status', 'in', ['held', 'requested', 'confirmed']).execute();
  await db.schema.dropIndex('appointments_status_hold').on('appointments').execute();
  await db.schema.dropIndex('appointments_user_status').on('appointments').execute();
  await db.schema.dropIndex('appointments_manage_token_hash').on('appointments').execute();
  await db.schema.alterTable('appointments').dropColumn('hold_expires_at').execute();
  await db.schema.alterTable('appointments').dropColumn('manage_token_hash').execute();
  await db.schema.alterTable('users').dropColumn('auto_confirm_requests').execute();
  await db.schema.alterTable('users').dropColumn('confirm_visitor_email').execute();
}
