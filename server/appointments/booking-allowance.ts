import type { Kysely } from 'kysely';
import { type BookingCounter, findBookingCounterWithSubscription } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { allowsUnlimitedBookings } from '../../domain/subscription';
import { NotFoundError } from '../errors';

/** `bookingsMade`: every booking the operator's screener ever took (docs/decisions/0012). */
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
