import { randomBytes } from 'node:crypto';

type StripeObject = Record<string, unknown> & { id: string };
export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/** Where the fake sends a customer for a redirect method: Stripe's own host, routed to the fake by the browser tests. */
export const FAKE_REDIRECT_ORIGIN = 'https://pm-redirects.stripe.com';

/** The payment method types Stripe offers in Malaysia for one-off MYR payments, as far as Minda uses them. */
const SUPPORTED_TYPES = new Set(['card', 'fpx', 'grabpay']);
const REDIRECT_TYPES = new Set(['fpx', 'grabpay']);
/** Stripe's test card that is always declined (docs.stripe.com/testing#declined-payments). */
export const DECLINED_TEST_CARD = '4000000000000002';

/** A Stripe event about a PaymentIntent of a connected account, before it is signed. */
export interface FakePaymentEvent {
  id: string;
  object: 'event';
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.requires_action' | 'payment_intent.canceled';
  account: string | undefined;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: StripeObject };
}

export interface FakePaymentIntents {
  /** By id; `account` is the Stripe-Account they were created on. */
  intents: Map<string, { intent: StripeObject; account: string | undefined; returnUrl?: string }>;
  /** What Stripe would send to a Connect webhook endpoint, in order. */
  events: FakePaymentEvent[];
  /** The charges of succeeded intents, by id: the fake's refunds take from them. */
  charges: Map<string, StripeObject>;
  handle: (method: string, path: string, params: Record<string, string>, account: string | undefined) => FakeAnswer | undefined;
  /**
   * The customer finished at the card form, bank or wallet: the intent succeeds or fails with
   * this method, as Stripe would record it, and its event is added.
   */
  settle: (id: string, outcome: { type: string; succeeded: boolean }) => StripeObject;
}

const stripeError = (status: number, error: Record<string, unknown>): FakeAnswer => ({ status, body: { error: { type: 'invalid_request_error', ...error } } });
const missing = (id: string) => stripeError(404, { code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });

/** Stripe's bracket keys back into a list: `payment_method_types[0]`, `payment_method_types[1]`… */
function listParam(params: Record<string, string>, name: string): string[] {
  return Object.entries(params)
    .filter(([key]) => key.startsWith(`${name}[`))
    .map(([, value]) => value);
}

function objectParam(params: Record<string, string>, name: string): Record<string, string> {
  const pattern = new RegExp(`^${name}\\[(\\w+)\\]$`);
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => {
    const match = pattern.exec(key);
    return match ? [[match[1]!, value]] : [];
  }));
}

/**
 * PaymentIntents as Stripe keeps them for direct charges on a connected account (the
 * Stripe-Account header): create with amount, currency, allowed_payment_method_types and an
 * application fee; retrieve (with the client secret too, as Stripe.js does); confirm with a card
 * (Stripe's declined test card fails with last_payment_error and leaves the intent to be paid
 * again), or with FPX or GrabPay, which answer requires_action and a redirect_to_url to a fake
 * bank or wallet page; cancel. Each state change adds the event Stripe would send.
 */
export function fakePaymentIntents(apiVersion: string): FakePaymentIntents {
  const intents: FakePaymentIntents['intents'] = new Map();
  const events: FakePaymentEvent[] = [];
  const charges = new Map<string, StripeObject>();
  let serial = 0;

  const emit = (type: FakePaymentEvent['type'], id: string) => {
    const { intent, account } = intents.get(id)!;
    events.push({
      id: `evt_fake_pi${++serial}`,
      object: 'event',
      type,
      account,
      api_version: apiVersion,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(intent) },
    });
  };

  const settle: FakePaymentIntents['settle'] = (id, { type, succeeded }) => {
    const { intent } = intents.get(id)!;
    intent.next_action = null;
    if (succeeded) {
      const chargeId = `ch_fake${++serial}`;
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        refunded: false,
        currency: intent.currency,
        paid: true,
        status: 'succeeded',
        payment_intent: id,
        payment_method_details: { type, [type]: {} },
        receipt_url: `https://pay.stripe.com/receipts/payment/fake_${chargeId}`,
      });
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: chargeId, last_payment_error: null, payment_method: `pm_fake_${type}${serial}` });
      emit('payment_intent.succeeded', id);
    } else {
      const declined = type === 'card'
        ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
        : { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'The customer did not authorise the payment.' };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { ...declined, payment_method: { type } } });
      emit('payment_intent.payment_failed', id);
    }
    return intent;
  };

  const withCharge = (intent: StripeObject, params: Record<string, string>) =>
    listParam(params, 'expand').includes('latest_charge') && typeof intent.latest_charge === 'string'
      ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
      : intent;

  const create = (params: Record<string, string>, account: string | undefined): FakeAnswer => {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 200) {
      return stripeError(400, { code: 'amount_too_small', param: 'amount', message: 'Amount must be at least RM 2.00 myr' });
    }
    // Older API versions named the list payment_method_types.
    const allowed = [...listParam(params, 'allowed_payment_method_types'), ...listParam(params, 'payment_method_types')];
    const unknown = allowed.find((type) => !SUPPORTED_TYPES.has(type));
    if (unknown) return stripeError(400, { param: 'allowed_payment_method_types', message: `The payment method type "${unknown}" is invalid.` });
    // Like Stripe, the intent offers those of the allowed methods that fit it: FPX and GrabPay take only ringgit.
    const types = (allowed.length > 0 ? allowed : ['card']).filter((type) => params.currency === 'myr' || !REDIRECT_TYPES.has(type));
    const fee = params.application_fee_amount === undefined ? null : Number(params.application_fee_amount);
    if (fee !== null && !account) return stripeError(400, { param: 'application_fee_amount', message: 'Can only apply an application_fee_amount when the PaymentIntent is created on behalf of another account.' });
    const id = `pi_fake${++serial}`;
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency,
      application_fee_amount: fee,
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      allowed_payment_method_types: allowed.length > 0 ? allowed : null,
      payment_method_types: types,
      metadata: objectParam(params, 'metadata'),
      receipt_email: params.receipt_email ?? null,
      description: params.description ?? null,
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(id, { intent, account });
    return { status: 200, body: intent };
  };

  const confirm = (id: string, params: Record<string, string>): FakeAnswer => {
    const entry = intents.get(id)!;
    const { intent } = entry;
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return stripeError(400, { code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${String(intent.status)}: it cannot be confirmed.` });
    }
    const type = params['payment_method_data[type]'] ?? 'card';
    if (!(intent.payment_method_types as string[]).includes(type)) {
      return stripeError(400, { param: 'payment_method_data[type]', message: `The PaymentIntent does not accept the payment method type "${type}".` });
    }
    if (!REDIRECT_TYPES.has(type)) {
      const number = (params['payment_method_data[card][number]'] ?? '').replace(/\s/g, '');
      const settled = settle(id, { type, succeeded: number !== DECLINED_TEST_CARD });
      return settled.status === 'succeeded' ? { status: 200, body: settled } : { status: 402, body: { error: { ...(settled.last_payment_error as object), payment_intent: settled } } };
    }
    if (!params.return_url) return stripeError(400, { param: 'return_url', message: `A return_url is required to confirm a ${type} payment.` });
    entry.returnUrl = params.return_url;
    Object.assign(intent, {
      status: 'requires_action',
      last_payment_error: null,
      next_action: { type: 'redirect_to_url', redirect_to_url: { url: `${FAKE_REDIRECT_ORIGIN}/authorize/${id}?type=${type}`, return_url: params.return_url } },
    });
    emit('payment_intent.requires_action', id);
    return { status: 200, body: intent };
  };

  /** The bank's or wallet's page, then its way back to the return URL with Stripe's query. */
  const redirectPage = (id: string, params: Record<string, string>): FakeAnswer => {
    const entry = intents.get(id)!;
    const type = params.type ?? 'fpx';
    if (params.outcome === undefined) {
      const link = (outcome: string, label: string) => `<a href="/authorize/${id}?type=${type}&outcome=${outcome}">${label}</a>`;
      const html = `<!doctype html><html lang="en"><head><title>Fake ${type} page</title></head><body><main><h1>Fake ${type === 'fpx' ? 'FPX bank' : 'GrabPay wallet'}</h1>
        <p>RM ${(Number(entry.intent.amount) / 100).toFixed(2)}</p>${link('succeeded', 'Authorise payment')} ${link('failed', 'Fail payment')}</main></body></html>`;
      return { status: 200, body: html, headers: { 'content-type': 'text/html' } };
    }
    const settled = settle(id, { type, succeeded: params.outcome === 'succeeded' });
    const back = new URL(entry.returnUrl!);
    back.searchParams.set('payment_intent', id);
    back.searchParams.set('payment_intent_client_secret', String(settled.client_secret));
    back.searchParams.set('redirect_status', params.outcome === 'succeeded' ? 'succeeded' : 'failed');
    return { status: 302, body: '', headers: { location: back.toString() } };
  };

  const handle: FakePaymentIntents['handle'] = (method, path, params, account) => {
    if (method === 'POST' && path === '/v1/payment_intents') return create(params, account);
    const authorize = /^\/authorize\/(\w+)$/.exec(path);
    if (authorize) return method === 'GET' && intents.get(authorize[1]!)?.returnUrl ? redirectPage(authorize[1]!, params) : missing(authorize[1]!);
    const match = /^\/v1\/payment_intents\/(\w+)(\/confirm|\/cancel)?$/.exec(path);
    if (!match) return undefined;
    const [, id, action] = match as unknown as [string, string, string | undefined];
    const entry = intents.get(id);
    // Another account's intent, like an unknown one, does not exist for this caller; Stripe.js
    // calls with the client secret instead of the account.
    const visible = entry && (entry.account === account || params.client_secret === entry.intent.client_secret);
    if (!visible) return missing(id);
    if (method === 'GET' && !action) return { status: 200, body: withCharge(entry.intent, params) };
    if (method === 'POST' && action === '/confirm') return confirm(id, params);
    if (method === 'POST' && action === '/cancel') {
      // Like Stripe, a paid or already cancelled intent cannot be cancelled, and the error carries the intent.
      if (entry.intent.status === 'succeeded' || entry.intent.status === 'canceled') {
        return stripeError(400, {
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${String(entry.intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          payment_intent: structuredClone(entry.intent),
        });
      }
      Object.assign(entry.intent, { status: 'canceled', next_action: null, cancellation_reason: params.cancellation_reason ?? null });
      emit('payment_intent.canceled', id);
      return { status: 200, body: entry.intent };
    }
    return undefined;
  };

  return { intents, events, charges, handle, settle };
}
