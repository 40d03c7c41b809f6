import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { callerFor, CookieJar } from '../testing/caller';
import { signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';
import { signedDelivery, subscriptionEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';
import { startTestApp, type TestApp, trpcMutation, trpcQuery } from '../testing/test-app';

async function setBookingsMade(t: TestApp, operator: SignedInOperator, count: number) {
  await t.services.db.updateTable('users').set({ bookings_made: count }).where('id', '=', operator.userId).execute();
}

describe.each(TEST_DIALECTS)('the plan and the billing portal in test mode (no Stripe keys) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('shows the free bookings used of the free ones, and no subscription', async () => {
    const operator = await signInNewOperator(t);
    await setBookingsMade(t, operator, 2);
    expect(await operator.caller.admin.billing.plan()).toEqual({
      bookingsMade: 2,
      freeBookings: 3,
      unlimited: false,
      subscription: null,
      billingMode: 'test',
      canManageBilling: false,
    });
  });

  it('shows the subscription active after the test-mode activation, without a renewal date', async () => {
    const operator = await signInNewOperator(t);
    await operator.caller.billing.activateTestSubscription();
    expect(await operator.rest('GET', '/api/plan')).toEqual({
      status: 200,
      body: { bookingsMade: 0, freeBookings: 3, unlimited: true, subscription: { status: 'active', periodEndsAt: null }, billingMode: 'test', canManageBilling: false },
    });
  });

  it('has no billing portal, and says so instead of failing', async () => {
    const operator = await signInNewOperator(t);
    await operator.caller.billing.activateTestSubscription();
    expect(await operator.rest('POST', '/api/billing-portal')).toEqual({ status: 200, body: { testMode: true, url: null } });
  });

  // Over HTTP: the 401 the browser's client reads.
  it('answers only a signed-in operator', async () => {
    expect((await trpcQuery(t.app, 'admin.billing.plan', undefined)).status).toBe(401);
    expect((await trpcMutation(t.app, 'admin.billing.portal', undefined)).status).toBe(401);
    const rest = await t.app.inject({ method: 'GET', url: '/api/plan' });
    expect(rest.statusCode).toBe(401);
  });
});

describe.each(TEST_DIALECTS)('the plan and the billing portal with Stripe on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect, { FREE_BOOKINGS: '5' });
  });
  afterAll(() => t.close());

  const portalCalls = () => t.stripe.calls.filter((c) => c.method === 'POST' && c.path === '/v1/billing_portal/sessions');

  /** An operator who started the subscription at Stripe: a customer and an unpaid subscription. */
  async function startedSubscribing() {
    const operator = await signInNewOperator(t);
    await operator.caller.billing.createSubscription();
    const row = await t.services.db
      .selectFrom('subscriptions')
      .select(['stripe_customer_id', 'stripe_subscription_id'])
      .where('user_id', '=', operator.userId)
      .executeTakeFirstOrThrow();
    return { ...operator, customer: row.stripe_customer_id!, subscription: row.stripe_subscription_id! };
  }

  it('counts against FREE_BOOKINGS, and offers no portal before the clinic is a Stripe customer', async () => {
    const operator = await signInNewOperator(t);
    await setBookingsMade(t, operator, 5);
    expect(await operator.caller.admin.billing.plan()).toMatchObject({ bookingsMade: 5, freeBookings: 5, unlimited: false, subscription: null, canManageBilling: false });

    const calls = t.stripe.calls.length;
    const portal = await operator.rest('POST', '/api/billing-portal');
    expect(portal).toEqual({
      status: 409,
      body: { error: 'There is no billing account to manage yet. Subscribe first; Stripe keeps your invoices and payment details from then on.' },
    });
    expect(t.stripe.calls.length).toBe(calls);
  });

  it('shows an unpaid subscription as incomplete, then active with the end of its period once Stripe says it is paid', async () => {
    const operator = await startedSubscribing();
    expect(await operator.caller.admin.billing.plan()).toMatchObject({
      unlimited: false,
      subscription: { status: 'incomplete', periodEndsAt: null },
      billingMode: 'stripe',
      canManageBilling: true,
    });

    const periodEnd = new Date(Math.floor(Date.now() / 1000 + 30 * 86_400) * 1000);
    const event = subscriptionEvent('customer.subscription.updated', { id: operator.subscription, customer: operator.customer, status: 'active', currentPeriodEnd: periodEnd }, new Date());
    const delivery = signedDelivery(event, 'whsec_fake_signing_secret');
    const received = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: delivery.headers, payload: delivery.payload });
    expect(received.statusCode).toBe(200);

    expect(await operator.caller.admin.billing.plan()).toMatchObject({ unlimited: true, subscription: { status: 'active', periodEndsAt: periodEnd } });
    expect((await operator.rest('GET', '/api/plan')).body).toMatchObject({ subscription: { status: 'active', periodEndsAt: periodEnd.toISOString() } });
  });

  it("opens Stripe's customer portal for the clinic's own customer, in its language, returning to admin setup", async () => {
    const operator = await startedSubscribing();
    const before = portalCalls().length;

    const answer = await operator.rest('POST', '/api/billing-portal');
    expect(answer).toEqual({ status: 200, body: { testMode: false, url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\//) } });
    const inMalay = await callerFor(t.services, { jar: CookieJar.holding(operator.cookie), locale: 'ms' }).admin.billing.portal();
    expect(inMalay.testMode).toBe(false);

    const calls = portalCalls().slice(before);
    expect(calls.map((call) => call.params)).toEqual([
      { customer: operator.customer, return_url: 'https://minda.test/admin-setup', locale: 'en' },
      { customer: operator.customer, return_url: 'https://minda.test/admin-setup', locale: 'ms' },
    ]);
    for (const call of calls) expect(call.headers.authorization).toBe('Bearer sk_test_fake');
  });

  it("answers a readable 503 when Stripe refuses the session (no portal set up in Stripe's Dashboard)", async () => {
    const operator = await startedSubscribing();
    t.stripe.failNext('POST', '/v1/billing_portal/sessions', 400, 'No configuration provided and your live mode default configuration has not been created.');
    expect(await operator.rest('POST', '/api/billing-portal')).toEqual({
      status: 503,
      body: { error: 'Stripe’s billing page could not be opened just now. Please try again in a few minutes.' },
    });
  });
});
