import { z } from 'zod';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';

/**
 * POST /api/billing-portal: the address of a Stripe customer portal session, where the clinic
 * changes its card, reads its invoices or cancels. In test mode there is no portal, as
 * /api/create-subscription answers no payment secret there.
 */
export const ZBillingPortalResponse = z.discriminatedUnion('testMode', [
  z.object({ testMode: z.literal(false), url: z.url() }),
  z.object({ testMode: z.literal(true), url: z.null() }),
]);
export type BillingPortalResponse = z.output<typeof ZBillingPortalResponse>;

/**
 * Stripe is called without any transaction open. A session lives for a few minutes and is made
 * anew at each click, so no idempotency key: a repeated click simply gets a fresh session.
 */
export async function openBillingPortal(
  ctx: Pick<OperatorContext, 'db' | 'env' | 'billing' | 'admin' | 'locale'>,
): Promise<BillingPortalResponse> {
  if (ctx.billing.mode === 'test') return { testMode: true, url: null };
  const stored = await findSubscriptionOf(ctx.db, ctx.admin.id);
  if (!stored?.stripeCustomerId) throw new AppError('CONFLICT', (t) => t.errors.noBillingAccount());
  try {
    const session = await ctx.billing.stripe.billingPortal.sessions.create({
      customer: stored.stripeCustomerId,
      return_url: `${ctx.env.publicUrl}/admin-setup`,
      locale: ctx.locale,
    });
    return { testMode: false, url: session.url };
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.billingPortalUnavailable(), { cause: error });
  }
}
