import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { DEMO_OPERATOR } from '../db/seed-demo';
import { bookSlot } from '../db/testing/fixtures';
import { adminSectionsFor } from '../domain/roles';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { demoAisyah, openAdminSetup, signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { FAKE_STRIPE_JS } from './support/fake-stripe-js';
import { useBrowserSession } from './support/session';

async function signInThroughForm(page: Page) {
  await page.getByLabel('Username').fill(DEMO_OPERATOR.username);
  await page.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The demo clinic has taken one booking, and two requests wait for its answer. */
async function seedDemoClinic(databaseUrl: string) {
  const { db } = connectDatabase(databaseUrl);
  const aisyah = await demoAisyah(db);
  await db.updateTable('users').set({ bookings_made: 1 }).where('id', '=', aisyah.user_id).execute();
  const slots = await db.selectFrom('availability_slots').select('id').where('psychologist_id', '=', aisyah.id).orderBy('start_utc').limit(2).execute();
  for (const slot of slots) await bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId: slot.id });
  await db.destroy();
}

describe('the clinic’s plan and the admin section menu, billing in test mode', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('shows the free bookings used, and a menu of the screens with the requests waiting; axe finds nothing at 390 and 1280 px', async () => {
    const { page } = session;
    await seedDemoClinic(session.server.databaseUrl);
    await signIn(session);
    await page.setViewportSize({ width: 390, height: 844 });
    await openAdminSetup(session, '/admin/plan');

    const plan = page.getByRole('region', { name: 'Your Plan' });
    await plan.getByText('1 of 3 free bookings used').waitFor();
    expect(await plan.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe');
    // Test mode has no billing portal: the button is not offered, and the section says why.
    expect(await plan.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    expect(await plan.getByText('Test mode: Stripe is not configured on this server', { exact: false }).isVisible()).toBe(true);

    const menu = page.getByRole('navigation', { name: 'Sections of admin setup' });
    // On a phone the menu opens from its button, and closes once a screen is chosen.
    await menu.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Appointments 2 waiting for your answer' }).waitFor();
    // One link for each screen an owner has (domain/roles.ts).
    expect(await menu.getByRole('link').count()).toBe(adminSectionsFor('owner').length);
    await expectNoViolations(page, 'the menu open at 390 px');
    await screenshot(page, 'clinic-plan-admin-setup-390');
    await menu.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    expect(await menu.getByRole('link').count()).toBe(0);

    // On a laptop the menu stands beside the screen, each screen at its own address.
    await page.setViewportSize({ width: 1280, height: 800 });
    await menu.getByRole('link', { name: 'Plan', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/plan');
    const heading = page.getByRole('heading', { name: 'Your Plan', level: 2 });
    await heading.waitFor();
    expect((await menu.boundingBox())!.x + (await menu.boundingBox())!.width).toBeLessThanOrEqual((await heading.boundingBox())!.x);
    await expectNoViolations(page, 'admin setup at 1280 px');
    await screenshot(page, 'clinic-plan-admin-setup-1280');
  });

  it('subscribes from the plan: /subscribe has a way back and a success state, and the plan then shows the active subscription', async () => {
    const { page } = session;
    await signIn(session);
    await openAdminSetup(session, '/admin/plan');
    const plan = page.getByRole('region', { name: 'Your Plan' });
    await plan.getByRole('link', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Subscribe to Minda', level: 1 }).waitFor();

    // The way back, before subscribing.
    await page.getByRole('link', { name: 'Back to admin setup' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-setup');
    await openAdminSetup(session, '/admin/plan');
    await plan.getByRole('link', { name: 'Subscribe' }).click();

    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    const activated = page.getByRole('status').filter({ hasText: 'Your subscription is active' });
    await activated.waitFor();
    await expectNoViolations(page, 'subscribe, activated');
    await screenshot(page, 'clinic-plan-subscribe-success');
    await activated.getByRole('link', { name: 'Back to admin setup' }).click();

    await page.waitForURL((url) => url.pathname === '/admin-setup');
    await openAdminSetup(session, '/admin/plan');
    await plan.getByText('Unlimited bookings with your subscription', { exact: false }).waitFor();
    expect(await plan.getByText('Subscription', { exact: true }).isVisible()).toBe(true);
    expect(await plan.getByText('Active', { exact: true }).isVisible()).toBe(true);
    expect(await plan.getByRole('link', { name: 'Subscribe' }).count()).toBe(0);
    await expectNoViolations(page, 'admin setup, subscribed');
    await screenshot(page, 'clinic-plan-subscribed');
  });

  it('returns the clinic to /subscribe when it signs in from a link to it', async () => {
    const { page } = session;
    await session.visit('/subscribe');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/subscribe');
    await signInThroughForm(page);
    await page.waitForURL((url) => url.pathname === '/subscribe');
    await page.getByRole('heading', { name: 'Subscribe to Minda', level: 1 }).waitFor();
  });

  it('never returns the clinic to another site after signing in', async () => {
    const { page } = session;
    await session.visit(`/login?next=${encodeURIComponent('//evil.example/subscribe')}`);
    await signInThroughForm(page);
    await page.waitForURL((url) => url.pathname === '/admin-setup');
    expect(new URL(page.url()).origin).toBe(session.server.url);
  });
});

describe("the clinic's billing portal with Stripe (its API and Stripe.js faked, the machine is offline)", () => {
  let stripeApi: FakeStripe;
  beforeAll(async () => {
    stripeApi = await startFakeStripe();
  });
  afterAll(() => stripeApi.stop());
  const session = useBrowserSession({ serverEnv: () => fakeStripeEnv(stripeApi) });

  it("opens Stripe's customer portal from Manage billing once the clinic is a Stripe customer", async () => {
    const { page } = session;
    await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
    await page.route('https://billing.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Stripe billing portal</title>' }));
    await signIn(session);
    await openAdminSetup(session, '/admin/plan');
    const plan = page.getByRole('region', { name: 'Your Plan' });
    await plan.getByText('0 of 3 free bookings used').waitFor();
    expect(await plan.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);

    // Opening /subscribe makes the clinic a Stripe customer, with an unpaid subscription.
    await session.visit('/subscribe');
    await page.getByLabel('Card number').waitFor();
    await openAdminSetup(session, '/admin/plan');
    await plan.getByText('Payment not finished').waitFor();
    await plan.getByRole('button', { name: 'Manage billing' }).click();

    await page.waitForURL((url) => url.origin === 'https://billing.stripe.com');
    const [portalCall] = stripeApi.calls.filter((c) => c.path === '/v1/billing_portal/sessions');
    expect(portalCall!.params).toMatchObject({ return_url: `${session.server.url}/admin-setup`, locale: 'en' });
  });
});
