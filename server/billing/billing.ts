import Stripe from 'stripe';
import type { StripeSettings } from '../env';

/**
 * Pinned so Stripe's answers keep the shape this code reads, whatever the account's default
 * version. It is the installed SDK's own version: its types describe exactly these objects,
 * and upgrading the SDK makes the compiler point here.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/**
 * The part of the Stripe SDK this app calls. Keeping the request context to these few
 * methods (not the whole client with its hundreds of resources) also keeps the type checker
 * fast on everything that infers the context, tRPC's router types first.
 */
export interface StripeApi {
  customers: Pick<Stripe['customers'], 'create'>;
  subscriptions: Pick<Stripe['subscriptions'], 'create' | 'retrieve' | 'cancel'>;
  webhooks: Pick<Stripe['webhooks'], 'constructEvent'>;
  billingPortal: { sessions: Pick<Stripe['billingPortal']['sessions'], 'create'> };
  /** Connect (issue 28): the clinics' own accounts, and the payments and refunds made on them (`stripeAccount`). */
  accounts: Pick<Stripe['accounts'], 'create' | 'retrieve'>;
  accountLinks: Pick<Stripe['accountLinks'], 'create'>;
  paymentIntents: Pick<Stripe['paymentIntents'], 'create' | 'retrieve' | 'cancel'>;
  refunds: Pick<Stripe['refunds'], 'create' | 'list'>;
}

/** How subscriptions are paid: through Stripe, or locally in test mode when no keys are set. */
export type Billing =
  | { mode: 'test' }
  | {
      mode: 'stripe';
      stripe: StripeApi;
      priceId: string;
      /** Applied to subscriptions started during the launch offer. */
      offerCouponId: string | undefined;
      publishableKey: string;
      webhookSecret: string;
      /** Signs the events of the clinics' connected accounts (the Connect endpoint's own secret). */
      connectWebhookSecret: string | undefined;
    };

export type StripeBilling = Extract<Billing, { mode: 'stripe' }>;

function apiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createBilling(settings: StripeSettings | undefined): Billing {
  if (!settings) return { mode: 'test' };
  return {
    mode: 'stripe',
    stripe: new Stripe(settings.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      // Retried calls carry our idempotency keys, so a retry never creates a second object.
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...apiAddress(settings.apiUrl),
    }),
    priceId: settings.priceId,
    offerCouponId: settings.offerCouponId,
    publishableKey: settings.publishableKey,
    webhookSecret: settings.webhookSecret,
    connectWebhookSecret: settings.connectWebhookSecret,
  };
}
