import { z } from 'zod';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';
import { readBookingAllowance } from '../appointments/booking-allowance';
import { ZScreenerIdentifier } from '../configuration/screener-owner';
import { findOwnedScreener } from '../configuration/screener-owner';

export const ZCheckSubscriptionRequest = z.object({ slug: ZScreenerIdentifier });

export const ZCheckSubscriptionResponse = z.object({
  /** True once the free bookings are used up and the owner has no active subscription. */
  subscriptionRequired: z.boolean(),
  /** Bookings the screener ever took, cancelled ones included. */
  bookingCount: z.number().int(),
});

/**
 * What the booking dialog asks before it submits: whether the screener's
 * owner must subscribe first. The booking itself checks again, in the conditional update
 * that counts it.
 */
export async function checkSubscription(
  ctx: Pick<RequestContext, 'db' | 'env' | 'configurations'>,
  input: z.output<typeof ZCheckSubscriptionRequest>,
): Promise<z.output<typeof ZCheckSubscriptionResponse>> {
  const screener = await findOwnedScreener(ctx, input.slug);
  if (!screener) throw new NotFoundError('screener');
  const allowance = await readBookingAllowance(ctx.db, screener.userId, ctx.env.freeBookings);
  return { subscriptionRequired: allowance.subscriptionRequired, bookingCount: allowance.bookingsMade };
}
