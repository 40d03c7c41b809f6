import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { signInNewOperator } from '../testing/signed-in-operator';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';
import { trpcMutation } from '../testing/test-app';
import { STRIPE_API_VERSION } from './billing';

describe.each(TEST_DIALECTS)('creating the subscription with Stripe on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.stripe.calls.length = 0;
  });

  const callsTo = (method: string, path: string, app: StripeTestApp = t) =>
    app.stripe.calls.filter((c) => c.method === method && c.path === path);

  it('creates the customer, then an incomplete subscription on the price, and answers its payment secret', async () => {
    const operator = await signInNewOperator(t);
    const response = await operator.rest('POST', '/api/create-subscription');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ testMode: false, clientSecret: expect.stringMatching(/^pi_fake\d+_secret_/), publishableKey: 'pk_test_fake' });
    const [customerCall] = callsTo('POST', '/v1/customers');
    expect(customerCall!.params).toMatchObject({ email: `${operator.username}@clinic.example`, 'metadata[userId]': operator.userId });
    const [subscriptionCall] = callsTo('POST', '/v1/subscriptions');
    expect(subscriptionCall!.params).toEqual({
      customer: expect.stringMatching(/^cus_fake/),
      'items[0][price]': 'price_minda_monthly',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[userId]': operator.userId,
    });
    for (const call of t.stripe.calls) {
      expect(call.headers['stripe-version']).toBe(STRIPE_API_VERSION);
      expect(call.headers.authorization).toBe('Bearer sk_test_fake');
      expect(call.headers['idempotency-key']).toMatch(new RegExp(`^minda-(customer|subscription)-${operator.userId}`));
    }
    const stored = await findSubscriptionOf(t.services.db, operator.userId);
    expect(stored).toMatchObject({
      stripeCustomerId: subscriptionCall!.params.customer,
      stripeSubscriptionId: expect.stringMatching(/^sub_fake/),
      status: 'incomplete',
      statusEventAt: null,
    });
  });

  it('resumes the unpaid subscription on a second visit instead of creating another', async () => {
    const operator = await signInNewOperator(t);
    const first = await operator.caller.billing.createSubscription();
    const stored = await findSubscriptionOf(t.services.db, operator.userId);
    t.stripe.calls.length = 0;

    const second = await operator.caller.billing.createSubscription();

    expect(second).toEqual(first);
    expect(t.stripe.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /v1/subscriptions/${stored!.stripeSubscriptionId}`]);
    expect(t.stripe.calls[0]!.params).toEqual({ 'expand[0]': 'latest_invoice.confirmation_secret' });
  });

  it('makes one customer and one subscription of two first calls at once', async () => {
    const operator = await signInNewOperator(t);
    const customersBefore = t.stripe.customers.size;
    const subscriptionsBefore = t.stripe.subscriptions.size;

    const [a, b] = await Promise.all([operator.caller.billing.createSubscription(), operator.caller.billing.createSubscription()]);

    expect(a).toEqual(b);
    expect(t.stripe.customers.size - customersBefore).toBe(1);
    expect(t.stripe.subscriptions.size - subscriptionsBefore).toBe(1);
    const keys = callsTo('POST', '/v1/subscriptions').map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('starts a new subscription for the same customer once the stored one expired unpaid', async () => {
    const operator = await signInNewOperator(t);
    await operator.caller.billing.createSubscription();
    const expired = await findSubscriptionOf(t.services.db, operator.userId);
    t.stripe.setSubscription(expired!.stripeSubscriptionId!, { status: 'incomplete_expired', invoiceStatus: 'void' });
    t.stripe.calls.length = 0;

    const again = await operator.caller.billing.createSubscription();

    expect(again).toMatchObject({ clientSecret: expect.stringMatching(/^pi_fake/) });
    expect(callsTo('POST', '/v1/customers')).toEqual([]);
    const [created] = callsTo('POST', '/v1/subscriptions');
    expect(created!.params.customer).toBe(expired!.stripeCustomerId);
    expect(created!.headers['idempotency-key']).toContain(`after-${expired!.stripeSubscriptionId}`);
    const renewed = await findSubscriptionOf(t.services.db, operator.userId);
    expect(renewed!.stripeSubscriptionId).not.toBe(expired!.stripeSubscriptionId);
    expect(renewed!.status).toBe('incomplete');
  });

  it('never charges twice: a subscription paid before its webhook arrived answers 409', async () => {
    const operator = await signInNewOperator(t);
    await operator.caller.billing.createSubscription();
    const stored = await findSubscriptionOf(t.services.db, operator.userId);
    t.stripe.setSubscription(stored!.stripeSubscriptionId!, { status: 'active', invoiceStatus: 'paid' });

    const response = await operator.rest('POST', '/api/create-subscription');

    expect(response).toEqual({ status: 409, body: { error: 'Your subscription is already active.' } });
    expect(callsTo('POST', '/v1/subscriptions')).toHaveLength(1);
  });

  it('answers 409 without calling Stripe when the subscription is already active', async () => {
    const operator = await signInNewOperator(t);
    await t.services.db
      .insertInto('subscriptions')
      .values({ user_id: operator.userId, stripe_customer_id: 'cus_paid', stripe_subscription_id: 'sub_paid', status: 'active', updated_at: new Date() })
      .execute();

    const response = await operator.rest('POST', '/api/create-subscription');

    expect(response).toEqual({ status: 409, body: { error: 'Your subscription is already active.' } });
    expect(t.stripe.calls).toEqual([]);
  });

  it('keeps the customer but stores no subscription when Stripe refuses it', async () => {
    const operator = await signInNewOperator(t);
    t.stripe.failNext('POST', '/v1/subscriptions', 400, 'No such price: price_minda_monthly');

    const response = await operator.rest('POST', '/api/create-subscription');

    expect(response).toEqual({ status: 500, body: { error: 'Something went wrong on our side. Please try again.' } });
    expect(await findSubscriptionOf(t.services.db, operator.userId)).toMatchObject({
      stripeCustomerId: expect.stringMatching(/^cus_fake/),
      stripeSubscriptionId: null,
    });
  });

  // Over HTTP: the statuses (401, 403) both transports answer.
  it('is for signed-in operators only, and offers no test-mode activation', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/create-subscription' })).statusCode).toBe(401);
    expect((await trpcMutation(t.app, 'billing.createSubscription', undefined)).status).toBe(401);
    const operator = await signInNewOperator(t);
    const activation = await operator.mutate('billing.activateTestSubscription');
    expect(activation.error?.data.httpStatus).toBe(403);
    expect(await findSubscriptionOf(t.services.db, operator.userId)).toBeUndefined();
    expect(t.stripe.calls).toEqual([]);
  });

  describe('during the launch offer', () => {
    let offer: StripeTestApp;
    beforeAll(async () => {
      offer = await startStripeTestApp(dialect, { OFFER_ENDS_AT: '2026-12-31' });
    });
    afterAll(() => offer.close());

    const subscribeAt = async (now: string) => {
      offer.services.now = () => new Date(now);
      const operator = await signInNewOperator(offer);
      await operator.caller.billing.createSubscription();
      return callsTo('POST', '/v1/subscriptions', offer).at(-1)!;
    };

    it("charges the offer's price through its coupon while the offer lasts, the full price after", async () => {
      const during = await subscribeAt('2026-12-31T23:00:00+08:00');
      expect(during.params['discounts[0][coupon]']).toBe('launch_offer');
      expect(during.headers['idempotency-key']).toContain('-launch_offer-');
      const after = await subscribeAt('2027-01-01T00:00:00+08:00');
      expect(after.params).not.toHaveProperty('discounts[0][coupon]');
    });
  });
});
