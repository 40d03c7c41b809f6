import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { applyAccountEvent } from '../payments/account-webhook';
import { applyBookingPaymentEvent } from '../payments/booking-payment-webhook';
import { applyDisputeEvent } from '../payments/dispute-webhook';
import { applyRefundEvent } from '../payments/refund-webhook';
import type { RequestContext } from '../context';
import type { Billing, StripeBilling } from './billing';
import { recordStripeEvent, type StripeEventDeps } from './record-stripe-event';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Its row in /api/openapi.json: the one /api route that is not a tRPC procedure. Its refusals are added there. */
export const STRIPE_WEBHOOK_OPERATION = {
  operationId: 'stripeWebhook',
  summary: "Stripe's subscription and invoice events, and the clinics' booking payments, signed (Stripe-Signature)",
  description: "Stripe's subscription and invoice events, and the payment_intent, refund, dispute and account.updated events of the clinics' connected accounts, signed (Stripe-Signature). Configure it as the endpoint of the Stripe account's webhook; in test mode (no Stripe keys) it answers 404.",
  // No session: the Stripe-Signature header is the proof of origin.
  security: [],
  parameters: [{ name: 'stripe-signature', in: 'header', required: true, schema: { type: 'string' } }],
  requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
  responses: {
    '200': {
      description: 'Received (or received before)',
      content: { 'application/json': { schema: { type: 'object', properties: { received: { const: true }, alreadyProcessed: { const: true } }, required: ['received'] } } },
    },
  },
};

/** A connected account's event signed with the platform endpoint's secret: not how Stripe sends one. */
class WrongEndpointSecret extends Error {}

/** Stripe's SDK checks the age only of a signature that matched the secret. */
const tooOld = (error: unknown) => error instanceof Error && /tolerance/i.test(error.message);

function signatureProblem(error: unknown): string {
  if (error instanceof WrongEndpointSecret) return "A connected account's event must be signed with the Connect endpoint's secret (STRIPE_CONNECT_WEBHOOK_SECRET).";
  return tooOld(error)
    ? 'The Stripe-Signature timestamp is too old: the delivery is stale or replayed.'
    : 'The Stripe-Signature does not match this payload and the webhook secret.';
}

/**
 * The event, if one of our two endpoints signed it (decision 0061): the platform endpoint
 * (STRIPE_WEBHOOK_SECRET) signs the subscription's events, the Connect endpoint
 * (STRIPE_CONNECT_WEBHOOK_SECRET) those of the clinics' connected accounts, which carry
 * `account`. Both may point at this one address; each kind is taken only under its own secret.
 * The injectable clock judges the signature's age, so tests can move time.
 */
function verifiedEvent(billing: StripeBilling, body: Buffer, signature: string, now: Date): Stripe.Event {
  const construct = (secret: string) => billing.stripe.webhooks.constructEvent(body, signature, secret, undefined, undefined, now.getTime());
  let platform: Stripe.Event;
  try {
    platform = construct(billing.webhookSecret);
  } catch (error) {
    if (!billing.connectWebhookSecret) throw error;
    let connected: Stripe.Event;
    try {
      connected = construct(billing.connectWebhookSecret);
    } catch (connectError) {
      // The secret that matched tells why: a stale delivery, or else no match at all.
      throw tooOld(error) || !tooOld(connectError) ? error : connectError;
    }
    if (!connected.account) throw new Error('The Stripe-Signature is the Connect endpoint’s, for an event of no connected account.');
    return connected;
  }
  if (platform.account) throw new WrongEndpointSecret();
  return platform;
}

/**
 * POST /api/stripe/webhook. Registered as its own encapsulated plugin (not through
 * fastify-plugin) so its JSON parser, which keeps the raw bytes for the signature check,
 * applies to this route alone.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { services }: { services: Omit<StripeEventDeps, 'log'> & Pick<RequestContext, 'env'> & { billing: Billing } }): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
    const billing = services.billing;
    if (billing.mode !== 'stripe') {
      return reply.code(404).send({ error: 'Billing runs in test mode: there are no Stripe webhooks to receive.' });
    }
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
      return reply.code(400).send({ error: 'Expected a JSON body signed by Stripe (Stripe-Signature header).' });
    }
    let event: Stripe.Event;
    try {
      event = verifiedEvent(billing, req.body, signature, services.now());
    } catch (error) {
      req.log.warn({ err: error }, 'refused a Stripe webhook');
      return reply.code(400).send({ error: signatureProblem(error) });
    }
    // A booking's payment (and a refund's, a dispute's or an account's word) is applied before the event is recorded, so a failure halfway is
    // retried by Stripe; each of its steps is guarded, so a repeated delivery changes nothing twice.
    const deps = { ...services, stripe: billing.stripe };
    await applyBookingPaymentEvent(deps, event);
    await applyRefundEvent(deps, event);
    await applyDisputeEvent(deps, event);
    await applyAccountEvent(deps, event);
    const outcome = await recordStripeEvent({ ...services, log: req.log }, event);
    return reply.code(200).send({ received: true, ...(outcome === 'already processed' && { alreadyProcessed: true }) });
  });
}
