import { z } from 'zod';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { findBookingCounter } from '../../db/repositories/users';
import { allowsUnlimitedBookings } from '../../domain/subscription';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';

/** GET /api/plan: what admin setup's Plan section shows. */
export const ZPlan = z.object({
  /** Bookings the clinic's screener ever took; every one counts against the free ones (docs/decisions/0012). */
  bookingsMade: z.number().int(),
  /** How many bookings are free before a subscription is required (FREE_BOOKINGS). */
  freeBookings: z.number().int(),
  /** An active or trialing subscription lifts the limit. */
  unlimited: z.boolean(),
  /** The clinic's subscription once it started one, ended ones included; null before. */
  subscription: z
    .object({
      /** As Stripe spells it (domain/subscription.ts). */
      status: z.string(),
      /** The end of the paid period while the subscription is active or trialing, as Stripe's last event said; null in test mode. */
      periodEndsAt: z.date().nullable(),
    })
    .nullable(),
  /** `test`: no Stripe keys, nothing is paid and there is no billing portal. */
  billingMode: z.enum(['stripe', 'test']),
  /** Stripe's customer portal can be opened: the clinic is a Stripe customer. */
  canManageBilling: z.boolean(),
});
export type Plan = z.output<typeof ZPlan>;

export async function getPlan(ctx: Pick<OperatorContext, 'db' | 'env' | 'billing' | 'admin'>): Promise<Plan> {
  const counter = await findBookingCounter(ctx.db, ctx.admin.id);
  if (!counter) throw new NotFoundError('screener');
  const stored = await findSubscriptionOf(ctx.db, ctx.admin.id);
  const unlimited = allowsUnlimitedBookings(stored?.status);
  return {
    bookingsMade: counter.bookingsMade,
    freeBookings: ctx.env.freeBookings,
    unlimited,
    subscription: stored ? { status: stored.status, periodEndsAt: unlimited ? stored.currentPeriodEnd : null } : null,
    billingMode: ctx.billing.mode,
    canManageBilling: ctx.billing.mode === 'stripe' && stored?.stripeCustomerId != null,
  };
}
