import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { insertAppointmentPayment, savePaymentStatus } from '../db/repositories/appointment-payments';
import { bookSlot } from '../db/testing/fixtures';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { connectEvent, deliverStripeEvent } from '../server/testing/stripe-events';
import { demoAisyah, expectAccessibleAtBothWidths, openAdminSetup, signIn } from './support/admin';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';

/** Issue 28's clinic side in the browser: the payments screen, its policy, and a refund by hand from the inbox. */
describe('the clinic’s payments screen (Stripe’s API faked, the machine is offline)', () => {
  let stripeApi: FakeStripe;
  beforeAll(async () => {
    stripeApi = await startFakeStripe();
  });
  afterAll(() => stripeApi.stop());
  const session = useBrowserSession({ serverEnv: () => fakeStripeEnv(stripeApi), bypassCSP: true });

  /** The demo clinic connects its account through the API, Stripe approves it (a signed account.updated), and one booking is paid RM 200.00 by FPX. */
  async function connectAndTakeAPayment() {
    const { page, server } = session;
    const onboarding = await page.request.post(`${server.url}/api/payments/onboarding`, { headers: { origin: server.url } });
    expect(onboarding.ok()).toBe(true);
    const { db } = connectDatabase(server.databaseUrl);
    try {
      const aisyah = await demoAisyah(db);
      const { stripe_account_id: accountId } = await db.selectFrom('clinic_stripe_accounts').select('stripe_account_id').where('user_id', '=', aisyah.user_id).executeTakeFirstOrThrow();
      const approved = connectEvent('account.updated', accountId, stripeApi.completeOnboarding(accountId, ['card', 'fpx', 'grabpay']));
      expect((await deliverStripeEvent(server.url, approved)).ok).toBe(true);

      const slot = await db.selectFrom('availability_slots').select('id').where('psychologist_id', '=', aisyah.id).orderBy('start_utc').executeTakeFirstOrThrow();
      const appointmentId = await bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId: slot.id });
      const stripe = new Stripe('sk_test_fake', { host: new URL(stripeApi.url).hostname, port: Number(new URL(stripeApi.url).port), protocol: 'http' });
      const intent = await stripe.paymentIntents.create({ amount: 20000, currency: 'myr' }, { stripeAccount: accountId });
      stripeApi.succeedPaymentIntent(intent.id, 'fpx');
      const now = new Date();
      const paymentId = await insertAppointmentPayment(db, { appointmentId, userId: aisyah.user_id, stripeAccountId: accountId, paymentIntentId: intent.id, amountSen: 20000, now });
      await savePaymentStatus(db, paymentId, { status: 'succeeded', method: 'fpx', eventAt: now, now });
    } finally {
      await db.destroy();
    }
  }

  it('shows the connected account, saves a deposit policy in English and Malay, and refunds part of a payment by hand; axe finds nothing at 390 and 1280 px', async () => {
    const { page } = session;
    await signIn(session);
    await connectAndTakeAPayment();

    // Stripe sends the clinic back here after onboarding.
    await page.setViewportSize({ width: 390, height: 844 });
    await openAdminSetup(session, '/admin/payments?stripe=return');
    await page.getByText('Welcome back from Stripe').waitFor();
    await page.getByText('Can take payments', { exact: true }).waitFor();
    await page.getByText('Payment methods: Card, FPX, GrabPay').waitFor();
    const policy = page.getByRole('region', { name: 'The clinic’s payment policy' });
    await policy.getByLabel('Payment at booking').selectOption('deposit');
    await policy.getByLabel('Percentage').fill('30');
    await policy.getByLabel('A late cancel or a no-show keeps').selectOption('deposit');
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText('The payment policy is saved.').waitFor();
    await expectAccessibleAtBothWidths(page, 'the payments screen');
    await screenshot(page, 'payments-admin-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await session.visit('/ms/admin/payments');
    const malay = page.getByRole('region', { name: 'Polisi bayaran klinik' });
    await malay.waitFor();
    expect(await malay.getByLabel('Bayaran semasa tempahan').inputValue()).toBe('deposit');
    expect(await malay.getByLabel('Peratusan').first().inputValue()).toBe('30');
    await expectAccessibleAtBothWidths(page, 'the payments screen in Malay');

    await page.setViewportSize({ width: 390, height: 844 });
    await openAdminSetup(session, '/admin/appointments');
    await page.getByText('Payment', { exact: true }).first().click();
    await page.getByText('Paid RM 200.00 by FPX').waitFor();
    await page.getByLabel('Amount to refund (RM)').fill('50');
    await page.getByLabel('Reason (kept in the audit log)').fill('Session shortened');
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('RM 50.00 refunded', { exact: true }).waitFor();
    await page.getByText('Up to RM 150.00').waitFor();
    await expectAccessibleAtBothWidths(page, 'a refund by hand in the inbox');
    await screenshot(page, 'payments-admin-refund-1280');
    expect(stripeApi.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds').map((call) => call.params.amount)).toEqual(['5000']);
  });
});
