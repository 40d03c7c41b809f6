import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../billing/billing';
import { STRIPE_WEBHOOK_PATH } from '../billing/stripe-webhook-route';
import { FAKE_STRIPE_CONNECT_WEBHOOK_SECRET, FAKE_STRIPE_WEBHOOK_SECRET } from './fake-stripe';

/** Seconds since the epoch, as Stripe's `created` fields count. */
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An event as Stripe renders it, with only the fields this app reads filled in. */
function stripeEvent(type: string, created: Date, object: object): Stripe.Event {
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: unixSeconds(created),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
}

export function subscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: { id: string; customer: string; status: string; currentPeriodEnd?: Date },
  created: Date,
): Stripe.Event {
  const periodEnds = subscription.currentPeriodEnd ? [{ current_period_end: unixSeconds(subscription.currentPeriodEnd) }] : [];
  return stripeEvent(type, created, {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    items: { object: 'list', data: periodEnds },
  });
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  invoice: { customer: string; subscription: string; billingReason?: string },
  created: Date,
): Stripe.Event {
  return stripeEvent(type, created, {
    id: `in_${randomBytes(6).toString('hex')}`,
    object: 'invoice',
    customer: invoice.customer,
    billing_reason: invoice.billingReason ?? 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription: invoice.subscription, metadata: {} } },
  });
}

/** The body and headers Stripe would post, signed with `secret` at `signedAt`. */
export function signedDelivery(event: Stripe.Event, secret: string, signedAt: Date = new Date()) {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: unixSeconds(signedAt) });
  return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
}

/**
 * An event on a connected account, as Stripe sends it to a Connect endpoint: `account` names
 * the clinic's account, `data.object` is the object as the fake (or Stripe) renders it.
 */
export function connectEvent(type: string, account: string, object: object, created: Date = new Date()): Stripe.Event {
  return { ...stripeEvent(type, created, object), account } as Stripe.Event;
}

/** The secret Stripe signs an event with: the Connect endpoint's for a connected account's event, the platform endpoint's otherwise. */
const signingSecretOf = (event: Stripe.Event) => (event.account ? FAKE_STRIPE_CONNECT_WEBHOOK_SECRET : FAKE_STRIPE_WEBHOOK_SECRET);

/** Posts the event to the app's Stripe webhook, signed as Stripe would sign it (by default with the secret of the endpoint Stripe sends it to). */
export function postStripeEvent(app: { inject: FastifyInstance['inject'] }, event: Stripe.Event, secret = signingSecretOf(event)) {
  const delivery = signedDelivery(event, secret);
  return app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: delivery.headers, payload: delivery.payload });
}

/** The same delivery over HTTP, to a server running at `baseUrl` (the browser tests' built server). */
export function deliverStripeEvent(baseUrl: string, event: Stripe.Event): Promise<Response> {
  const delivery = signedDelivery(event, signingSecretOf(event));
  return fetch(new URL(STRIPE_WEBHOOK_PATH, baseUrl), { method: 'POST', headers: delivery.headers, body: delivery.payload });
}
