import type { z } from 'zod';
import type { AppServices } from '../context';
import { NotFoundError } from '../errors';
import { readBookingAllowance } from './booking-allowance';
import type { ZCheckSubscriptionResponse } from './booking.schema';
import { findOwnedScreener } from './screener-owner';

/**
 * What the booking dialog asks before it submits (SPEC section 4): whether the screener's
 * owner must subscribe first. The booking itself checks again, in the conditional update
 * that counts it.
 */
export async function checkSubscription(
  services: Pick<AppServices, 'db' | 'env'>,
  identifier: string,
): Promise<z.output<typeof ZCheckSubscriptionResponse>> {
  const screener = await findOwnedScreener(services.db, identifier);
  if (!screener) throw new NotFoundError('screener');
  const allowance = await readBookingAllowance(services.db, screener.userId, services.env.freeBookings);
  return { subscriptionRequired: allowance.subscriptionRequired, bookingCount: allowance.bookingsMade };
}
