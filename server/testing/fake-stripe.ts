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

/** The payment methods a Malaysian account may have, and the capability that turns each on. */
const CAPABILITIES = { card: 'card_payments', fpx: 'fpx_payments', grabpay: 'grabpay_payments' } as const;
export type ConnectMethod = keyof typeof CAPABILITIES;

const stripeError = (status: number, error: { type?: string; code?: string; param?: string; message: string }) => ({
  status,
  body: { error: { type: 'invalid_request_error', ...error } },
});
const noSuch = (kind: string, id: string | undefined, param?: string) =>
  stripeError(404, { code: 'resource_missing', ...(param && { param }), message: `No such ${kind}: '${id ?? ''}'` });
const unixNow = () => Math.floor(Date.now() / 1000);
/** `metadata[refundId]=…` back into `{ refundId: '…' }`. */
const metadataOf = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).flatMap(([key, value]) => {
    const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
    return name ? [[name, value]] : [];
  }));

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  calls: RecordedStripeCall[];
  customers: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** Connect: the clinics' accounts, and the refunds made on them. */
  accounts: Map<string, StripeObject>;
  refunds: Map<string, StripeObject>;
  /** PaymentIntents on connected accounts, their events, and the customer's side of paying them. */
  payments: Omit<FakePaymentIntents, 'handle' | 'charges'>;
  /** What Stripe says once a clinic finished onboarding: charges and payouts on, these methods active. */
  completeOnboarding: (accountId: string, methods?: readonly ConnectMethod[]) => StripeObject;
  /** The visitor paid the PaymentIntent with this method: it succeeded, with a charge and its receipt. */
  succeedPaymentIntent: (paymentIntentId: string, method: ConnectMethod) => StripeObject;
  /** The card holder disputed the PaymentIntent's charge: its charge is marked disputed, and the dispute is answered as Stripe renders it. */
  dispute: (paymentIntentId: string) => StripeObject;
  /** Sets what Stripe would say about a subscription now (e.g. it was paid, or expired). */
  setSubscription: (id: string, state: { status: string; invoiceStatus: 'open' | 'paid' | 'void' }) => void;
  /**
   * The next call (or `times` calls) of this method and path answers this Stripe error instead:
   * a 5xx is Stripe's `api_error`, which the SDK retries (2 more times here) before giving up.
   */
  failNext: (method: string, path: string, status: number, message: string, times?: number) => void;
  stop: () => Promise<void>;
}

/**
 * Stripe's API as far as this app calls it, on 127.0.0.1: create a customer, create,
 * retrieve and cancel a subscription (its latest invoice expanded when asked), and open a
 * customer portal session for a known customer. For Connect: create and retrieve an account,
 * create an account link, and, on a connected account (the Stripe-Account header), refund a
 * PaymentIntent of fake-stripe-payment-intents.ts, which keeps the intents, and list its refunds. Like Stripe, a repeated Idempotency-Key (per account)
 * answers the first response again instead of creating a second object, and refuses other
 * parameters under the same key; an object of another account is not found.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: RecordedStripeCall[] = [];
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const idempotent = new Map<string, { params: string; answer: FakeAnswer }>();
  const failures = new Map<string, { status: number; message: string; times: number }>();
  const payments = fakePaymentIntents(STRIPE_API_VERSION);
  let serial = 0;

  const withInvoice = (subscription: StripeObject, params: Record<string, string>) => {
    const expanded = Object.entries(params).some(([key, value]) => key.startsWith('expand[') && value.startsWith('latest_invoice'));
    return expanded ? { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice as string) } : subscription;
  };

  /** Connect's endpoints; `account` is the Stripe-Account header, the connected account acted on. */
  const handleConnect = (method: string, path: string, params: Record<string, string>, account: string | undefined): FakeAnswer | null => {
    if (method === 'POST' && path === '/v1/accounts') {
      const id = `acct_fake${++serial}`;
      const created = {
        id,
        object: 'account',
        type: params.type ?? 'standard',
        country: params.country ?? 'MY',
        default_currency: 'myr',
        email: params.email ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        capabilities: Object.fromEntries(Object.values(CAPABILITIES).map((capability) => [capability, 'inactive'])),
        requirements: { currently_due: ['external_account', 'business_profile.url'], disabled_reason: 'requirements.past_due' },
        metadata: { userId: params['metadata[userId]'] },
        created: unixNow(),
      };
      accounts.set(id, created);
      return { status: 200, body: created };
    }
    const retrievedAccount = method === 'GET' && /^\/v1\/accounts\/(\w+)$/.exec(path);
    if (retrievedAccount) return accounts.has(retrievedAccount[1]!) ? { status: 200, body: accounts.get(retrievedAccount[1]!) } : noSuch('account', retrievedAccount[1], 'account');
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(params.account ?? '')) return noSuch('account', params.account, 'account');
      for (const param of ['refresh_url', 'return_url', 'type']) {
        if (!params[param]) return stripeError(400, { code: 'parameter_missing', param, message: `Missing required param: ${param}.` });
      }
      const created = unixNow();
      return {
        status: 200,
        body: { object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.com/setup/s/${params.account}/fake${++serial}` },
      };
    }
    if (path !== '/v1/refunds' || (method !== 'POST' && method !== 'GET')) return null;
    if (!account || !accounts.has(account)) return stripeError(403, { type: 'invalid_request_error', code: 'account_invalid', message: 'The provided key does not have access to account or application' });
    if (method === 'GET') {
      // The account's refunds, newest first, of one PaymentIntent when asked, as Stripe lists them.
      const listed = [...refunds.values()]
        .filter((made) => made.account === account && (params.payment_intent === undefined || made.payment_intent === params.payment_intent))
        .reverse()
        .map(({ account: _account, ...made }) => made);
      const limit = Number(params.limit ?? 10);
      return { status: 200, body: { object: 'list', data: listed.slice(0, limit), has_more: listed.length > limit, url: '/v1/refunds' } };
    }
    const paid = payments.intents.get(params.payment_intent ?? '');
    if (paid?.account !== account) return noSuch('payment_intent', params.payment_intent, 'payment_intent');
    const { intent } = paid;
    const charge = intent.latest_charge ? payments.charges.get(intent.latest_charge as string) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      return stripeError(400, { code: 'charge_not_refundable', message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` });
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left === 0) return stripeError(400, { code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.` });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left) {
      return stripeError(400, { code: 'amount_too_large', param: 'amount', message: `Refund amount (RM${amount / 100}) is greater than unrefunded amount on charge (RM${left / 100})` });
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const id = `re_fake${++serial}`;
    const refund = {
      id,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: charge.id,
      reason: params.reason ?? null,
      status: 'succeeded',
      metadata: metadataOf(params),
      created: unixNow(),
    };
    refunds.set(id, { ...refund, account });
    return { status: 200, body: refund };
  };

  const handle = (method: string, path: string, params: Record<string, string>, account: string | undefined): FakeAnswer => {
    const answer = handleConnect(method, path, params, account) ?? payments.handle(method, path, params, account);
    if (answer) return answer;
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
      if (failure && --failure.times === 0) failures.delete(failureKey);
      const account = req.headers['stripe-account'] as string | undefined;
      // Stripe scopes a key to the account it acts on, and remembers the parameters it came with:
      // two clinics' requests never answer each other.
      const key = req.headers['idempotency-key'] === undefined ? undefined : `${account ?? 'platform'} ${String(req.headers['idempotency-key'])}`;
      const fingerprint = `${req.method} ${url.pathname} ${new URLSearchParams(params).toString()}`;
      const remembered = key === undefined ? undefined : idempotent.get(key);
      const answer: FakeAnswer = failure
        ? stripeError(failure.status, { ...(failure.status >= 500 && { type: 'api_error' }), message: failure.message })
        : remembered && remembered.params !== fingerprint
          ? stripeError(400, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' })
          : (remembered?.answer ?? handle(req.method ?? '', url.pathname, params, account));
      if (key && !failure && !remembered) idempotent.set(key, { params: fingerprint, answer });
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
    accounts,
    refunds,
    completeOnboarding: (accountId, methods = ['card', 'fpx', 'grabpay']) => {
      const account = accounts.get(accountId)!;
      Object.assign(account, {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        capabilities: Object.fromEntries(Object.entries(CAPABILITIES).map(([method, capability]) => [capability, methods.includes(method as ConnectMethod) ? 'active' : 'inactive'])),
        requirements: { currently_due: [], disabled_reason: null },
      });
      return account;
    },
    succeedPaymentIntent: (paymentIntentId, method) => payments.settle(paymentIntentId, { type: method, succeeded: true }),
    dispute: (paymentIntentId) => {
      const { intent } = payments.intents.get(paymentIntentId)!;
      const charge = payments.charges.get(intent.latest_charge as string)!;
      charge.disputed = true;
      return {
        id: `du_fake${++serial}`,
        object: 'dispute',
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: paymentIntentId,
        reason: 'fraudulent',
        status: 'needs_response',
        is_charge_refundable: false,
        evidence_details: { due_by: unixNow() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        metadata: {},
        livemode: false,
        created: unixNow(),
      };
    },
    payments: { intents: payments.intents, events: payments.events, settle: payments.settle },
    setSubscription: (id, state) => {
      const subscription = subscriptions.get(id)!;
      subscription.status = state.status;
      invoices.get(subscription.latest_invoice as string)!.status = state.invoiceStatus;
    },
    failNext: (method, path, status, message, times = 1) => failures.set(`${method} ${path}`, { status, message, times }),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // The SDK keeps its connections alive.
      }),
  };
}

/** The secret the fake's events are signed with, as a Stripe endpoint's `whsec_…`. */
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_signing_secret';
/** The fake Connect endpoint's own secret, which signs the connected accounts' events. */
export const FAKE_STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_fake_connect_signing_secret';

/** The environment that points the app's Stripe client at the fake. */
export function fakeStripeEnv(fake: FakeStripe) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_PRICE_ID: 'price_minda_monthly',
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: FAKE_STRIPE_CONNECT_WEBHOOK_SECRET,
    STRIPE_OFFER_COUPON_ID: 'launch_offer',
    STRIPE_API_URL: fake.url,
  };
}
