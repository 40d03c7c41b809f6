import type { Kysely } from 'kysely';
import { markAllowanceCounted } from '../../db/repositories/appointments';
import { type BookingCounter, findBookingCounterWithSubscription, giveBackBooking, incrementBookingsMade } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { allowsUnlimitedBookings } from '../../domain/subscription';
import { NotFoundError } from '../errors';

/**
 * `bookingsMade`: the bookings the clinic accepted, less those it declined or marked as spam
 * (docs/decisions/0012, 0038).
 */
export interface BookingAllowance extends BookingCounter {
  /** How many bookings the operator may have in all; undefined while a subscription lifts the limit. */
  limit: number | undefined;
  /** The free bookings are used up and no active subscription lifts the limit. */
  subscriptionRequired: boolean;
}

/**
 * Where the operator stands against the free-booking limit, as last committed. A booking
 * counts itself against `limit` in one conditional update (incrementBookingsMade), which is what
 * settles two bookings racing for the last free one.
 */
export async function readBookingAllowance(db: Kysely<Database>, userId: string, freeBookings: number): Promise<BookingAllowance> {
  const found = await findBookingCounterWithSubscription(db, userId);
  if (!found) throw new NotFoundError('screener');
  const { subscriptionStatus, ...counter } = found;
  const limit = allowsUnlimitedBookings(subscriptionStatus) ? undefined : freeBookings;
  return { ...counter, limit, subscriptionRequired: limit !== undefined && counter.bookingsMade >= limit };
}

/**
 * Counts a booking the clinic has just accepted, in the transaction that accepted it and after
 * the appointment's row changed (so the operator's row is taken last, as a booking takes it).
 * False, with nothing written, when the free bookings are used up. A booking counted already (a
 * request counted under decision 0021) is not counted twice.
 */
export async function countAcceptedBooking(trx: Kysely<Database>, accepted: { userId: string; appointmentId: string; limit: number | undefined }): Promise<boolean> {
  if (!(await markAllowanceCounted(trx, accepted.appointmentId, true))) return true;
  if (await incrementBookingsMade(trx, accepted.userId, accepted.limit)) return true;
  await markAllowanceCounted(trx, accepted.appointmentId, false);
  return false;
}

/** Gives back the free booking a declined or spam booking used, if it had counted. */
export async function giveBackAllowance(trx: Kysely<Database>, declined: { userId: string; appointmentId: string }): Promise<void> {
  if (await markAllowanceCounted(trx, declined.appointmentId, false)) await giveBackBooking(trx, declined.userId);
}
