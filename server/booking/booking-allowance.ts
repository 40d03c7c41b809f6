import type { Kysely } from 'kysely';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { findBookingCounter } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { allowsUnlimitedBookings } from '../../domain/subscription';
import { NotFoundError } from '../errors';

export interface BookingAllowance {
  operatorEmail: string;
  /** Every booking the operator's screener ever took (docs/decisions/0012). */
  bookingsMade: number;
  /** The free bookings are used up and no active subscription lifts the limit. */
  subscriptionRequired: boolean;
}

/**
 * Where the operator stands against the free-booking limit. With `lock` (inside the booking
 * transaction) the operator's row stays held until commit, so two bookings cannot both take
 * the last free one.
 */
export async function readBookingAllowance(
  db: Kysely<Database>,
  userId: string,
  freeBookings: number,
  options: { lock?: boolean } = {},
): Promise<BookingAllowance> {
  const counter = await findBookingCounter(db, userId, options);
  if (!counter) throw new NotFoundError('Screener');
  const subscription = await findSubscriptionOf(db, userId);
  return {
    ...counter,
    subscriptionRequired: !allowsUnlimitedBookings(subscription?.status) && counter.bookingsMade >= freeBookings,
  };
}
