import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../db/seed-demo';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { screenshot } from './support/browser';
import { FAKE_STRIPE_JS, type FakeStripeJsRecord } from './support/fake-stripe-js';
import { type E2eSession, useBrowserSession } from './support/session';

async function signInThroughLogin({ page, visit }: E2eSession) {
  await visit('/login');
  await page.getByLabel('Username').fill(DEMO_OPERATOR.username);
  await page.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin-setup');
}

describe('subscribing in billing test mode (no Stripe keys)', () => {
  // No free bookings: the demo screener is past the limit until its operator subscribes.
  const session = useBrowserSession({ serverEnv: () => ({ FREE_BOOKINGS: '0' }) });
  const checkSubscription = async () =>
    (await session.page.request.get(`${session.server.url}/api/public/check-subscription/klinik-minda`)).json();

  it('sends a signed-out visitor to the login, which is to return to /subscribe', async () => {
    await session.visit('/subscribe');
    await session.page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/subscribe');
  });

  it('shows the plan and the test-mode notice, and Subscribe Now lifts the booking limit', async () => {
    const { page } = session;
    expect(await checkSubscription()).toMatchObject({ subscriptionRequired: true });
    await signInThroughLogin(session);

    await session.visit('/subscribe');
    await page.getByRole('heading', { name: 'Subscribe to Minda', level: 1 }).waitFor();
    await page.getByText('Test mode — no payment is taken').waitFor();
    expect(await page.getByText('RM79 / month').isVisible()).toBe(true);
    expect(await page.getByText('Ongoing launch price').isVisible()).toBe(true);
    expect(await page.getByText('RM99').isVisible()).toBe(true);
    await screenshot(page, 'subscribe-test-mode');

    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    const activated = page.getByRole('status').filter({ hasText: 'Your subscription is active' });
    await activated.waitFor();
    expect(await checkSubscription()).toMatchObject({ subscriptionRequired: false });
    await activated.getByRole('link', { name: 'Back to admin setup' }).click();
    await page.waitForURL('**/admin-setup');

    await session.visit('/subscribe');
    await page.getByText('Your subscription is already active.').waitFor();
  });
});

describe("subscribing with Stripe (its API and Stripe.js faked, the machine is offline)", () => {
  let stripeApi: FakeStripe;
  beforeAll(async () => {
    stripeApi = await startFakeStripe();
  });
  afterAll(() => stripeApi.stop());
  // The launch offer ends in 10 days less an hour: the page counts 10 days left.
  const offerEndsAt = new Date(Date.now() + 10 * 24 * 3_600_000 - 3_600_000).toISOString();
  const session = useBrowserSession({ serverEnv: () => ({ ...fakeStripeEnv(stripeApi), OFFER_ENDS_AT: offerEndsAt }) });
  const fakeStripe = () => session.page.evaluate(() => (window as unknown as { fakeStripe: FakeStripeJsRecord }).fakeStripe);

  it("shows the offer's countdown, confirms with Stripe's Payment Element, shows a declined card and lets the operator retry, then returns to admin setup", async () => {
    const { page } = session;
    await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
    await signInThroughLogin(session);

    await session.visit('/subscribe');
    await page.getByLabel('Card number').waitFor();
    expect(await page.getByText('Test mode').count()).toBe(0);
    expect(await page.getByText('RM39 / month').isVisible()).toBe(true);
    expect(await page.getByText('10 days left at this price!').isVisible()).toBe(true);
    const [subscription] = [...stripeApi.subscriptions.values()];
    expect(await fakeStripe()).toMatchObject({
      publishableKey: 'pk_test_fake',
      clientSecret: expect.stringMatching(/^pi_fake\d+_secret_/),
    });
    expect(subscription).toMatchObject({ status: 'incomplete' });

    const subscribe = page.getByRole('button', { name: 'Subscribe Now' });
    await subscribe.click();
    await page.getByRole('button', { name: 'Processing...', disabled: true }).waitFor();
    const toast = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Payment Failed');
    expect(await subscribe.isEnabled()).toBe(true);
    expect((await fakeStripe()).confirmations).toEqual([{ return_url: `${session.server.url}/admin-setup` }]);
    await screenshot(page, 'subscribe-payment-failed');

    await page.evaluate(() => ((window as unknown as { fakeStripe: FakeStripeJsRecord }).fakeStripe.outcome = 'succeed'));
    await subscribe.click();
    await page.waitForURL('**/admin-setup');
    expect(stripeApi.calls.filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions')).toHaveLength(1);
  });
});
