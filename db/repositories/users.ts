import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/** The clinic (organisation) an operator call acts on: `ctx.admin`. */
export interface Operator {
  id: string;
  username: string;
  email: string;
}

export const OPERATOR_COLUMNS = ['id', 'username', 'email'] as const;

export function toOperator(row: { id: string; username: string; email: string }): Operator {
  return { id: row.id, username: row.username, email: row.email };
}

export async function findOperatorById(db: Kysely<Database>, id: string): Promise<Operator | undefined> {
  const row = await db.selectFrom('users').select(OPERATOR_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toOperator(row);
}

/** A new clinic; its handle and contact address are its first owner's (db/schema.ts UsersTable). */
export async function insertClinic(db: Kysely<Database>, clinic: Operator & { createdAt: Date }): Promise<Operator> {
  await db
    .insertInto('users')
    .values({ id: clinic.id, username: clinic.username, email: clinic.email, created_at: clinic.createdAt })
    .execute();
  return toOperator(clinic);
}

/** How many bookings the operator's screener has taken, with the operator's e-mail for the booking notice. */
export interface BookingCounter {
  operatorEmail: string;
  bookingsMade: number;
  /** The clinic's booking settings (domain/appointment-status.ts, initialStatus). */
  confirmVisitorEmail: boolean;
  autoConfirmRequests: boolean;
  /** A second reminder 2 hours before, beside the one 24 hours before (domain/reminders.ts). */
  secondReminder: boolean;
  /** Days the visitor's personal data is kept after the appointment (domain/retention.ts). */
  retentionDays: number;
  /** Whether visitors are offered WhatsApp messages (docs/decisions/0063). */
  whatsappEnabled: boolean;
}

const BOOKING_COUNTER_COLUMNS = [
  'users.email',
  'users.bookings_made',
  'users.confirm_visitor_email',
  'users.auto_confirm_requests',
  'users.second_reminder',
  'users.visitor_data_retention_days',
  'users.whatsapp_enabled',
] as const;

function toBookingCounter(row: {
  email: string;
  bookings_made: number | string;
  confirm_visitor_email: number | boolean;
  auto_confirm_requests: number | boolean;
  second_reminder: number | boolean;
  visitor_data_retention_days: number | string;
  whatsapp_enabled: number | boolean;
}): BookingCounter {
  return {
    operatorEmail: row.email,
    bookingsMade: Number(row.bookings_made),
    confirmVisitorEmail: Boolean(row.confirm_visitor_email),
    autoConfirmRequests: Boolean(row.auto_confirm_requests),
    secondReminder: Boolean(row.second_reminder),
    retentionDays: Number(row.visitor_data_retention_days),
    whatsappEnabled: Boolean(row.whatsapp_enabled),
  };
}

export async function findBookingCounter(db: Kysely<Database>, userId: string): Promise<BookingCounter | undefined> {
  const row = await db.selectFrom('users').select(BOOKING_COUNTER_COLUMNS).where('id', '=', userId).executeTakeFirst();
  return row && toBookingCounter(row);
}

/** The counter with the operator's subscription status (undefined without one), in one read. */
export async function findBookingCounterWithSubscription(
  db: Kysely<Database>,
  userId: string,
): Promise<(BookingCounter & { subscriptionStatus: string | undefined }) | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
    .select([...BOOKING_COUNTER_COLUMNS, 'subscriptions.status'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row && { ...toBookingCounter(row), subscriptionStatus: row.status ?? undefined };
}

/** The clinic's booking settings, as in BookingCounter. */
export async function updateBookingSettings(
  db: Kysely<Database>,
  userId: string,
  settings: Pick<BookingCounter, 'confirmVisitorEmail' | 'autoConfirmRequests' | 'secondReminder'>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      confirm_visitor_email: settings.confirmVisitorEmail,
      auto_confirm_requests: settings.autoConfirmRequests,
      second_reminder: settings.secondReminder,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Counts one more accepted booking unless `limit` bookings are already counted (no limit:
 * always), and tells whether it did. One statement on the latest row: concurrent acceptances
 * cannot both take the last free one, and the row stays locked only from here to the end of the
 * transaction. Cancelling gives nothing back; declining or a spam mark does (giveBackBooking).
 */
export async function incrementBookingsMade(db: Kysely<Database>, userId: string, limit?: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ bookings_made: sql`bookings_made + 1` })
    .where('id', '=', userId)
    .$if(limit !== undefined, (query) => query.where('bookings_made', '<', limit!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives one counted booking back to the allowance: the clinic declined it or marked it as spam. */
export async function giveBackBooking(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ bookings_made: sql`bookings_made - 1` })
    .where('id', '=', userId)
    .where('bookings_made', '>', 0)
    .execute();
}

/** Whether the clinic's owner requires two-factor sign-in of every member. */
export async function findTwoFactorRequirement(db: Kysely<Database>, clinicId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('require_two_factor').where('id', '=', clinicId).executeTakeFirst();
  return Boolean(row?.require_two_factor);
}

export async function updateTwoFactorRequirement(db: Kysely<Database>, clinicId: string, required: boolean): Promise<void> {
  await db.updateTable('users').set({ require_two_factor: required }).where('id', '=', clinicId).execute();
}
