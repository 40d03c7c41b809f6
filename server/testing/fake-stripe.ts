import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STRIPE_API_VERSION } from '../billing/billing';
import { type FakeAnswer, fakePaymentIntents, type FakePaymentIntents } from './fake-stripe-payment-intents';

export interface RecordedStripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body (or query) as Stripe's bracket keys: `items[0][price]`. */
  params: Record<string, string>;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  calls: RecordedStripeCall[];
  customers: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** PaymentIntents on connected accounts, their events, and the customer's side of paying them. */
  payments: Omit<FakePaymentIntents, 'handle'>;
  /** Sets what Stripe would say about a subscription now (e.g. it was paid, or expired). */
  setSubscription: (id: string, state: { status: string; invoiceStatus: 'open' | 'paid' | 'void' }) => void;
  /** The next call of this method and path answers this Stripe error instead. */
  failNext: (method: string, path: string, status: number, message: string) => void;
  stop: () => Promise<void>;
}

/**
 * Stripe's API as far as this app calls it, on 127.0.0.1: create a customer, create,
 * retrieve and cancel a subscription (its latest invoice expanded when asked), and open a
 * customer portal session for a known customer. Like Stripe, a repeated
 * Idempotency-Key answers the first response again instead of creating a second object.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: RecordedStripeCall[] = [];
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const idempotent = new Map<string, FakeAnswer>();
  const failures = new Map<string, { status: number; message: string }>();
  const payments = fakePaymentIntents(STRIPE_API_VERSION);
  let serial = 0;

  const withInvoice = (subscription: StripeObject, params: Record<string, string>) => {
    const expanded = Object.entries(params).some(([key, value]) => key.startsWith('expand[') && value.startsWith('latest_invoice'));
    return expanded ? { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice as string) } : subscription;
  };

  const handle = (method: string, path: string, params: Record<string, string>, account: string | undefined): FakeAnswer => {
    const payment = payments.handle(method, path, params, account);
    if (payment) return payment;
    if (method === 'POST' && path === '/v1/customers') {
      const id = `cus_fake${++serial}`;
      const customer = { id, object: 'customer', email: params.email ?? null, metadata: { userId: params['metadata[userId]'] } };
      customers.set(id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const id = `sub_fake${++serial}`;
      const invoiceId = `in_fake${serial}`;
      invoices.set(invoiceId, {
        id: invoiceId,
        object: 'invoice',
        status: 'open',
        confirmation_secret: { client_secret: `pi_fake${serial}_secret_${serial}`, type: 'payment_intent' },
      });
      const subscription = { id, object: 'subscription', customer: params.customer, status: 'incomplete', latest_invoice: invoiceId };
      subscriptions.set(id, subscription);
      return { status: 200, body: withInvoice(subscription, params) };
    }
    const cancelled = method === 'DELETE' && /^\/v1\/subscriptions\/(\w+)$/.exec(path);
    if (cancelled && subscriptions.has(cancelled[1]!)) {
      const subscription = subscriptions.get(cancelled[1]!)!;
      subscription.status = 'canceled';
      return { status: 200, body: subscription };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer ?? '')) {
        return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${params.customer}'` } } };
      }
      const id = `bps_fake${++serial}`;
      const session = { id, object: 'billing_portal.session', customer: params.customer, return_url: params.return_url, locale: params.locale ?? null };
      return { status: 200, body: { ...session, url: `https://billing.stripe.com/p/session/test_${id}` } };
    }
    const retrieved = method === 'GET' && /^\/v1\/subscriptions\/(\w+)$/.exec(path);
    if (retrieved && subscriptions.has(retrieved[1]!)) {
      return { status: 200, body: withInvoice(subscriptions.get(retrieved[1]!)!, params) };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      calls.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params });
      const failureKey = `${req.method} ${url.pathname}`;
      const failure = failures.get(failureKey);
      failures.delete(failureKey);
      const account = req.headers['stripe-account'] as string | undefined;
      // Like Stripe, a key is the account's own: two clinics' requests never answer each other.
      const key = req.headers['idempotency-key'] === undefined ? undefined : `${account ?? 'platform'} ${String(req.headers['idempotency-key'])}`;
      const answer: FakeAnswer = failure
        ? { status: failure.status, body: { error: { type: 'invalid_request_error', message: failure.message } } }
        : (key && idempotent.get(key)) || handle(req.method ?? '', url.pathname, params, account);
      if (key && !failure) idempotent.set(key, answer);
      // Stripe.js calls the API from the page: the browser tests route api.stripe.com here.
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_fake${calls.length}`, 'access-control-allow-origin': '*', ...answer.headers });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    customers,
    subscriptions,
    payments: { intents: payments.intents, events: payments.events, settle: payments.settle },
    setSubscription: (id, state) => {
      const subscription = subscriptions.get(id)!;
      subscription.status = state.status;
      invoices.get(subscription.latest_invoice as string)!.status = state.invoiceStatus;
    },
    failNext: (method, path, status, message) => failures.set(`${method} ${path}`, { status, message }),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // The SDK keeps its connections alive.
      }),
  };
}

/** The environment that points the app's Stripe client at the fake. */
export function fakeStripeEnv(fake: FakeStripe) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_PRICE_ID: 'price_minda_monthly',
    STRIPE_WEBHOOK_SECRET: 'whsec_fake_signing_secret',
    STRIPE_OFFER_COUPON_ID: 'launch_offer',
    STRIPE_API_URL: fake.url,
  };
}
