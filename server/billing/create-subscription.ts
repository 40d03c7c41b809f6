import { z } from 'zod';
import type Stripe from 'stripe';
import {
  findSubscriptionOf,
  saveStripeCustomer,
  saveStripeSubscription,
  type StoredSubscription,
} from '../../db/repositories/subscriptions';
import type { Operator } from '../../db/repositories/users';
import { launchOfferAt } from '../../domain/launch-offer';
import { allowsUnlimitedBookings, hasEnded } from '../../domain/subscription';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import type { StripeBilling } from './billing';

/**
 * The REST contract's `{ clientSecret }`, plus what the page needs to show Stripe's form: the
 * publishable key. In test mode there is nothing to pay, and the page says so.
 */
export const ZCreateSubscriptionResponse = z.discriminatedUnion('testMode', [
  z.object({ testMode: z.literal(false), clientSecret: z.string(), publishableKey: z.string() }),
  z.object({ testMode: z.literal(true), clientSecret: z.null(), publishableKey: z.null() }),
]);
export type CreateSubscriptionResponse = z.output<typeof ZCreateSubscriptionResponse>;

type BillingContext = Pick<OperatorContext, 'db' | 'dialect' | 'now' | 'billing' | 'env' | 'admin'>;


/** The first invoice's payment secret comes back with the subscription in one call. */
const WITH_PAYMENT_SECRET = ['latest_invoice.confirmation_secret'];

/** The secret of the subscription's unpaid invoice, which Stripe's Payment Element confirms. */
function openPaymentSecret(subscription: Stripe.Subscription): string | undefined {
  const invoice = subscription.latest_invoice;
  if (typeof invoice !== 'object' || invoice === null || invoice.status !== 'open') return undefined;
  return invoice.confirmation_secret?.client_secret;
}

/**
 * Starts (or resumes) the operator's monthly subscription and answers what the browser needs
 * to take the first payment. Stripe is called outside any database transaction: the customer
 * is created first, then its id stored. Idempotency keys make concurrent or retried calls
 * return the same customer and subscription instead of creating a second one.
 */
export async function createSubscription(ctx: BillingContext): Promise<CreateSubscriptionResponse> {
  const operator = ctx.admin;
  const stored = await findSubscriptionOf(ctx.db, operator.id);
  if (allowsUnlimitedBookings(stored?.status)) throw new AppError('CONFLICT', (t) => t.errors.subscriptionAlreadyActive());
  if (ctx.billing.mode === 'test') return { testMode: true, clientSecret: null, publishableKey: null };
  const billing = ctx.billing;
  const answer = (clientSecret: string) => ({ testMode: false as const, clientSecret, publishableKey: billing.publishableKey });

  if (stored?.stripeSubscriptionId) {
    const current = await billing.stripe.subscriptions.retrieve(stored.stripeSubscriptionId, { expand: WITH_PAYMENT_SECRET });
    if (!hasEnded(current.status)) {
      // Resume the unpaid one; one paid meanwhile (its webhook still on the way) is not paid twice.
      const secret = openPaymentSecret(current);
      if (secret) return answer(secret);
      throw new AppError('CONFLICT', (t) => t.errors.subscriptionAlreadyActive());
    }
  }

  const customerId = stored?.stripeCustomerId ?? (await createCustomer(ctx, billing, operator));
  // The price the page showed: the offer's coupon while the launch offer lasts.
  const offerCoupon = launchOfferAt(ctx.env.offerEndsAt, ctx.now()).hasSpecialOffer ? billing.offerCouponId : undefined;
  const subscription = await billing.stripe.subscriptions.create(
    {
      customer: customerId,
      items: [{ price: billing.priceId }],
      ...(offerCoupon && { discounts: [{ coupon: offerCoupon }] }),
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: WITH_PAYMENT_SECRET,
      metadata: { userId: operator.id },
    },
    { idempotencyKey: subscriptionKey(operator.id, customerId, billing.priceId, offerCoupon, stored) },
  );
  await saveStripeSubscription(ctx.db, operator.id, subscription, ctx.now());
  const secret = openPaymentSecret(subscription);
  if (!secret) throw new Error(`Stripe subscription ${subscription.id} came back without an open first invoice`);
  return answer(secret);
}

async function createCustomer(ctx: BillingContext, billing: StripeBilling, operator: Operator): Promise<string> {
  const customer = await billing.stripe.customers.create(
    { email: operator.email, name: operator.username, metadata: { userId: operator.id } },
    { idempotencyKey: `minda-customer-${operator.id}` },
  );
  await saveStripeCustomer(ctx.db, ctx.dialect, operator.id, customer.id, ctx.now());
  return customer.id;
}

/**
 * One key per attempt: the same for calls racing on the same state, a new one once the stored
 * subscription has ended (Stripe keeps keys for 24 hours and would answer the ended one again)
 * or the terms changed (Stripe refuses a key reused with other parameters).
 */
function subscriptionKey(
  userId: string,
  customerId: string,
  priceId: string,
  offerCoupon: string | undefined,
  stored: StoredSubscription | undefined,
): string {
  const terms = offerCoupon ? `${priceId}-${offerCoupon}` : priceId;
  return `minda-subscription-${userId}-${customerId}-${terms}-after-${stored?.stripeSubscriptionId ?? 'none'}`;
}
