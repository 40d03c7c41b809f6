import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { signInNewOperator } from '../testing/signed-in-operator';
import { signedDelivery, subscriptionEvent } from '../testing/stripe-events';
import { startTestApp, type TestApp, trpcMutation } from '../testing/test-app';

describe.each(TEST_DIALECTS)('billing in test mode (no Stripe keys) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('says there is nothing to pay, and stores nothing', async () => {
    const operator = await signInNewOperator(t);
    const response = await operator.rest('POST', '/api/create-subscription');
    expect(response).toEqual({ status: 200, body: { testMode: true, clientSecret: null, publishableKey: null } });
    expect(await findSubscriptionOf(t.services.db, operator.userId)).toBeUndefined();
  });

  it('activates the subscription locally, once', async () => {
    const operator = await signInNewOperator(t);
    expect(await operator.caller.billing.activateTestSubscription()).toEqual({ status: 'active' });
    expect(await findSubscriptionOf(t.services.db, operator.userId)).toMatchObject({ status: 'active', stripeSubscriptionId: null });

    const again = await operator.rest('POST', '/api/create-subscription');
    expect(again).toEqual({ status: 409, body: { error: 'Your subscription is already active.' } });
  });

  // Over HTTP: the 401 the browser's client reads.
  it('activates only for a signed-in operator', async () => {
    expect((await trpcMutation(t.app, 'billing.activateTestSubscription', undefined)).status).toBe(401);
  });

  it('has no webhook to receive', async () => {
    const event = subscriptionEvent('customer.subscription.updated', { id: 'sub_x', customer: 'cus_x', status: 'active' }, new Date());
    const delivery = signedDelivery(event, 'whsec_anything');
    const response = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: delivery.headers, payload: delivery.payload });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/test mode/);
  });

  it("lets pages load Stripe.js, its card and 3-D Secure frames, and call Stripe's API, nothing wider", async () => {
    const header = (await t.app.inject('/subscribe')).headers['content-security-policy'] as string;
    const csp = Object.fromEntries(header.split(';').map((directive) => [directive.split(' ')[0], directive]));
    expect(csp['script-src']).toBe("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp['frame-src']).toBe("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(csp['connect-src']).toBe("connect-src 'self' https://api.stripe.com");
  });
});
