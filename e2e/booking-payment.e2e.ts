import type { Locator, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect';
import { saveClinicPolicy } from '../db/repositories/payment-policies';
import { insertConnectedAccount, saveAccountState } from '../db/repositories/stripe-accounts';
import { insertSlot } from '../db/testing/fixtures';
import type { PaymentPolicy } from '../domain/payment-policy';
import { hoursFromNow } from '../server/testing/booking-requests';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { DECLINED_TEST_CARD } from '../server/testing/fake-stripe-payment-intents';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { deliverStripeEvent } from '../server/testing/stripe-events';
import { demoAisyah } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { routeStripeToFake } from './support/fake-stripe-js';
import { useBrowserSessionWithMail } from './support/mail';
import { resultsReachedOnce } from './support/screener-steps';

/** The full price at booking (Dr. Aisyah's hour, RM 150.00); a late cancel keeps a deposit of RM 50.00. */
const FULL_KEEPS_DEPOSIT: PaymentPolicy = { mode: 'full', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } };
const PHONE = { width: 390, height: 844 };

/** The booking form's words in each language. */
const FORM = {
  en: { book: 'Book a session with Dr. Aisyah Rahman', name: 'Full name', email: 'Email', phone: 'Phone number', confirm: 'Confirm', pay: 'Pay RM150.00', received: 'Booking Received!' },
  ms: { book: 'Tempah sesi dengan Dr. Aisyah Rahman', name: 'Nama penuh', email: 'E-mel', phone: 'Nombor telefon', confirm: 'Sahkan', pay: 'Bayar RM150.00', received: 'Tempahan Diterima!' },
} as const;
type Language = keyof typeof FORM;

// Issue 28, the visitor's side in the browser at 390 px: each method once (card, FPX, GrabPay),
// a declined card then another method, and a cancel before and after the notice. Stripe's API,
// Stripe.js and the bank's and wallet's pages are the fakes; Stripe's events come from the fake,
// signed, to the built server's webhook, and only they move a booking (decision 0062).
describe('the visitor pays at booking, and a cancel refunds by the policy', () => {
  let stripeApi: FakeStripe;
  beforeAll(async () => {
    stripeApi = await startFakeStripe();
  });
  afterAll(() => stripeApi.stop());
  // CSP bypassed only so that axe's script can run in the page.
  const { session, mailsTo } = useBrowserSessionWithMail({ serverEnv: () => fakeStripeEnv(stripeApi), bypassCSP: true });
  const openResults = resultsReachedOnce();

  let database: DatabaseHandle;
  let aisyah: { id: string; user_id: string };
  // The demo clinic's account finished onboarding with card, FPX and GrabPay, and asks the full price at booking.
  beforeAll(async () => {
    database = connectDatabase(session.server.databaseUrl);
    const { db, dialect } = database;
    aisyah = await demoAisyah(db);
    const stripe = new Stripe('sk_test_fake', { host: new URL(stripeApi.url).hostname, port: Number(new URL(stripeApi.url).port), protocol: 'http' });
    const account = await stripe.accounts.create({ type: 'standard', country: 'MY' });
    stripeApi.completeOnboarding(account.id, ['card', 'fpx', 'grabpay']);
    const now = new Date();
    await insertConnectedAccount(db, dialect, { userId: aisyah.user_id, stripeAccountId: account.id, now });
    await saveAccountState(db, account.id, { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, paymentMethods: ['card', 'fpx', 'grabpay'], saidAt: now, now });
    await saveClinicPolicy(db, dialect, aisyah.user_id, FULL_KEEPS_DEPOSIT, now);
  });
  afterAll(() => database?.db.destroy());

  const statusOf = async (appointmentId: string) =>
    (await database.db.selectFrom('appointments').select('status').where('id', '=', appointmentId).executeTakeFirstOrThrow()).status;
  const refundedSenOf = async (appointmentId: string) =>
    (await database.db.selectFrom('appointment_payments').select('refunded_sen').where('appointment_id', '=', appointmentId).executeTakeFirstOrThrow()).refunded_sen;
  /** What the fake Stripe refunded of the PaymentIntent, in sen. */
  const refundsOf = (intentId: string) => [...stripeApi.refunds.values()].filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount);
  /** The PaymentIntent the last booking made, and its appointment. */
  const lastIntent = () => {
    const { intent } = [...stripeApi.payments.intents.values()].at(-1)!;
    return { intentId: intent.id, status: intent.status, appointmentId: (intent.metadata as { appointmentId: string }).appointmentId };
  };

  let delivered = 0;
  /** Stripe's Connect events recorded since the last delivery, each signed and posted to the built server, in order. */
  async function deliverStripeEvents() {
    const events = stripeApi.payments.events.slice(delivered);
    delivered += events.length;
    for (const event of events) {
      const response = await deliverStripeEvent(session.server.url, event as unknown as Stripe.Event);
      expect(response.status, `${event.type}: ${await response.text()}`).toBe(200);
    }
    return events.map((event) => event.type);
  }

  /** From the results in `language`: Dr. Aisyah's dialog, a time, the visitor's details, and on to the payment step. */
  async function bookUntilPayment(page: Page, language: Language, email: string, which: 'first' | 'last'): Promise<Locator> {
    const words = FORM[language];
    await page.getByRole('button', { name: words.book }).click();
    const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await chooseFreeTime(dialog, which);
    await dialog.getByLabel(words.name).fill('Nurul Huda');
    await dialog.getByLabel(words.email).fill(email);
    await dialog.getByLabel(words.phone).fill('012-345 6789');
    await dialog.getByRole('button', { name: words.confirm }).click();
    await dialog.getByRole('button', { name: words.pay }).waitFor();
    return dialog;
  }

  /**
   * The browser has paid and the fake Stripe says the intent succeeded, yet the booking is still a
   * hold; Stripe's events then move it, and the dialog, which asks every few seconds, says so.
   * Answers the appointment, its intent and its manage link from the visitor's booking mail.
   */
  async function bookedOnlyByStripesEvent(page: Page, language: Language, email: string) {
    const { intentId, status, appointmentId } = lastIntent();
    expect(status).toBe('succeeded');
    expect(await statusOf(appointmentId)).toBe('held');
    expect(mailsTo(email)).toHaveLength(0);
    expect(await deliverStripeEvents()).toContain('payment_intent.succeeded');
    await page.getByRole('dialog', { name: FORM[language].received }).waitFor();
    expect(await statusOf(appointmentId)).toBe('requested');
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
    const manageLink = /https?:\/\/[^\s"<]+\/appointments\/manage\/[\w-]+/.exec(decodeQuotedPrintable(mailsTo(email)[0]!.raw))![0];
    return { intentId, appointmentId, manageLink };
  }

  async function openScreenerResults(page: Page, language: Language) {
    await page.setViewportSize(PHONE);
    await routeStripeToFake(page, stripeApi);
    await openResults(page, `${session.server.url}/screener/klinik-minda`);
    if (language === 'ms') await page.getByRole('link', { name: 'Baca dalam Bahasa Melayu' }).click();
  }

  it('pays by card in English; the hold moves only on Stripe’s event; a cancel before the notice refunds everything', async () => {
    const { page } = session;
    const email = 'card@example.my';
    await openScreenerResults(page, 'en');
    const dialog = await bookUntilPayment(page, 'en', email, 'last');
    await dialog.getByText('To pay now: RM150.00').waitFor();
    await dialog.getByText('A later cancel, or not coming, keeps RM50.00 of it; the rest comes back.').waitFor();
    await dialog.getByRole('radio', { name: 'Card' }).check();
    await expectNoViolations(page, 'the payment step');
    await screenshot(page, 'booking-payment-step-390');
    await dialog.getByRole('button', { name: 'Pay RM150.00' }).click();
    await dialog.getByText('Payment received. We are waiting for the payment service to confirm it').waitFor();
    const { intentId, appointmentId, manageLink } = await bookedOnlyByStripesEvent(page, 'en', email);

    await page.goto(manageLink);
    const payment = page.getByRole('region', { name: 'Your payment' });
    await payment.getByText('RM150.00 by card').waitFor();
    await payment.getByText('If you cancel now, RM150.00 comes back to you.').waitFor();
    await page.getByText('and cancel it here until it starts. A cancel after', { exact: false }).waitFor();
    await expectNoViolations(page, 'the manage page’s payment');
    await screenshot(page, 'booking-payment-manage-390');
    await page.getByRole('button', { name: 'Cancel my appointment' }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await ask.getByText('If you cancel now, RM150.00 comes back to you.').waitFor();
    await ask.getByRole('button', { name: 'Yes, cancel it' }).click();
    await payment.getByText('Refunded so far: RM150.00').waitFor();
    expect(refundsOf(intentId)).toEqual([15000]);
    expect(await refundedSenOf(appointmentId)).toBe(15000);
    expect(await statusOf(appointmentId)).toBe('cancelled');
  });

  it('in Malay, a declined card keeps the hold; FPX then goes to the bank and back, and Stripe’s event books it', async () => {
    const { page } = session;
    const email = 'fpx@example.my';
    await openScreenerResults(page, 'ms');
    const dialog = await bookUntilPayment(page, 'ms', email, 'last');
    await dialog.getByLabel('Card number').fill(DECLINED_TEST_CARD);
    await dialog.getByRole('button', { name: 'Bayar RM150.00' }).click();
    await dialog.getByRole('alert').getByText('Pembayaran tidak berjaya: Your card was declined.').waitFor();
    expect(await deliverStripeEvents()).toEqual(['payment_intent.payment_failed']);
    expect(await statusOf(lastIntent().appointmentId)).toBe('held');
    await expectNoViolations(page, 'the payment step after a decline, in Malay');

    await dialog.getByRole('radio', { name: 'FPX' }).check();
    await dialog.getByRole('button', { name: 'Bayar RM150.00' }).click();
    await page.getByRole('heading', { name: 'Fake FPX bank' }).waitFor();
    await page.getByRole('link', { name: 'Authorise payment' }).click();
    // Back on the Malay screener, the dialog resumes from the tab's storage, waiting for Stripe's word.
    await page.waitForURL(/\/ms\/screener\/klinik-minda\?.*redirect_status=succeeded/);
    await page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' }).getByText('Pembayaran diterima.', { exact: false }).waitFor();
    await bookedOnlyByStripesEvent(page, 'ms', email);
    await screenshot(page, 'booking-payment-fpx-booked-390-ms');
  });

  it('in Malay, pays by GrabPay for a session inside the notice; a cancel keeps the deposit and refunds the rest', async () => {
    const { page } = session;
    const email = 'grabpay@example.my';
    // A session this afternoon, well inside the 24-hour notice: the first time Dr. Aisyah offers.
    const start = hoursFromNow(3);
    await database.db.deleteFrom('availability_slots').where('psychologist_id', '=', aisyah.id).where('start_utc', '<', start).execute();
    await insertSlot(database.db, aisyah.id, start);
    await openScreenerResults(page, 'ms');
    const dialog = await bookUntilPayment(page, 'ms', email, 'first');
    await dialog.getByRole('radio', { name: 'GrabPay' }).check();
    await dialog.getByRole('button', { name: 'Bayar RM150.00' }).click();
    await page.getByRole('heading', { name: 'Fake GrabPay wallet' }).waitFor();
    await page.getByRole('link', { name: 'Authorise payment' }).click();
    await page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' }).getByText('Pembayaran diterima.', { exact: false }).waitFor();
    const { intentId, appointmentId, manageLink } = await bookedOnlyByStripesEvent(page, 'ms', email);

    await page.goto(manageLink);
    const manage = page.getByRole('region', { name: 'Janji temu anda' });
    const payment = manage.getByRole('region', { name: 'Bayaran anda' });
    await payment.getByText('RM150.00 melalui GrabPay').waitFor();
    const keeps = 'Jika anda membatalkan sekarang, klinik menyimpan RM50.00, seperti yang dinyatakan oleh polisi bayaran baliknya, dan RM100.00 akan dikembalikan kepada anda.';
    await payment.getByText(keeps).waitFor();
    await manage.getByText('Anda masih boleh membatalkannya di sini sehingga ia bermula.', { exact: false }).waitFor();
    expect(await manage.getByRole('form', { name: 'Pindahkan ke masa lain' }).count()).toBe(0);
    await expectNoViolations(page, 'the manage page’s payment inside the notice, in Malay');
    await screenshot(page, 'booking-payment-manage-late-390-ms');
    // Erasing cancels too, so inside the notice it is offered as the cancel is, saying the same.
    await manage.getByRole('button', { name: 'Padam data saya' }).click();
    await manage.getByRole('group').getByText(keeps).waitFor();
    await manage.getByRole('button', { name: 'Tidak, simpan' }).click();
    await manage.getByRole('button', { name: 'Batalkan janji temu saya' }).click();
    const ask = page.getByRole('dialog', { name: 'Batalkan janji temu ini?' });
    await ask.getByText(keeps).waitFor();
    await ask.getByRole('button', { name: 'Ya, batalkannya' }).click();
    await payment.getByText('Telah dikembalikan setakat ini: RM100.00').waitFor();
    expect(refundsOf(intentId)).toEqual([10000]);
    expect(await refundedSenOf(appointmentId)).toBe(10000);
    expect(await statusOf(appointmentId)).toBe('cancelled');
  });
});
