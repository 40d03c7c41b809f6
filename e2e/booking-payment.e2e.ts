import type { Locator, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect';
import { insertSlot } from '../db/testing/fixtures';
import type { PaymentPolicy } from '../domain/payment-policy';
import { hoursFromNow } from '../server/testing/booking-requests';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { DECLINED_TEST_CARD } from '../server/testing/fake-stripe-payment-intents';
import { decodeQuotedPrintable } from '../server/testing/smtp-capture';
import { deliverStripeEvent } from '../server/testing/stripe-events';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseFreeTime } from './support/booking-steps';
import { connectDemoClinic } from './support/demo-clinic-payments';
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
/** The manage page's words in each language, for a cancel there. */
const MANAGE = {
  en: {
    region: 'Your appointment',
    payment: 'Your payment',
    cancel: 'Cancel my appointment',
    ask: 'Cancel this appointment?',
    yes: 'Yes, cancel it',
    allBack: 'If you cancel now, RM150.00 comes back to you.',
    keeps: 'If you cancel now, the clinic keeps RM50.00, as its refund policy says, and RM100.00 comes back to you.',
    refunded: (amount: string) => `Refunded so far: ${amount}`,
  },
  ms: {
    region: 'Janji temu anda',
    payment: 'Bayaran anda',
    cancel: 'Batalkan janji temu saya',
    ask: 'Batalkan janji temu ini?',
    yes: 'Ya, batalkannya',
    allBack: 'Jika anda membatalkan sekarang, RM150.00 akan dikembalikan kepada anda.',
    keeps: 'Jika anda membatalkan sekarang, klinik menyimpan RM50.00, seperti yang dinyatakan oleh polisi bayaran baliknya, dan RM100.00 akan dikembalikan kepada anda.',
    refunded: (amount: string) => `Telah dikembalikan setakat ini: ${amount}`,
  },
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
    aisyah = await connectDemoClinic(database, stripeApi, FULL_KEEPS_DEPOSIT);
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

  /** A session this afternoon, well inside the 24-hour notice: made (unless a cancel freed it already) the first time Dr. Aisyah offers. */
  async function offerSessionInsideNotice() {
    const start = hoursFromNow(3);
    const slots = database.db.selectFrom('availability_slots').select('id').where('psychologist_id', '=', aisyah.id);
    await database.db.deleteFrom('availability_slots').where('psychologist_id', '=', aisyah.id).where('start_utc', '<', start).execute();
    if (!(await slots.where('start_utc', '=', start).executeTakeFirst())) await insertSlot(database.db, aisyah.id, start);
  }

  /**
   * On the manage page, the visitor cancels their paid booking, told first what comes back
   * (everything before the notice, the rest after the deposit inside it); then the page, the
   * fake Stripe and the database all say that much was refunded, once.
   */
  async function cancelPaid(page: Page, language: Language, booked: { intentId: string; appointmentId: string }, insideNotice: boolean) {
    const words = MANAGE[language];
    const back = insideNotice ? 10000 : 15000;
    const manage = page.getByRole('region', { name: words.region });
    const payment = manage.getByRole('region', { name: words.payment });
    await payment.getByText(insideNotice ? words.keeps : words.allBack).waitFor();
    await manage.getByRole('button', { name: words.cancel }).click();
    const ask = page.getByRole('dialog', { name: words.ask });
    await ask.getByText(insideNotice ? words.keeps : words.allBack).waitFor();
    await ask.getByRole('button', { name: words.yes }).click();
    await payment.getByText(words.refunded(insideNotice ? 'RM100.00' : 'RM150.00')).waitFor();
    expect(refundsOf(booked.intentId)).toEqual([back]);
    expect(await refundedSenOf(booked.appointmentId)).toBe(back);
    expect(await statusOf(booked.appointmentId)).toBe('cancelled');
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
    await cancelPaid(page, 'en', { intentId, appointmentId }, false);
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
    await offerSessionInsideNotice();
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
    await cancelPaid(page, 'ms', { intentId, appointmentId }, true);
  });

  it('in English, a payment failed at the FPX bank keeps the hold; GrabPay then pays, inside the notice, and a cancel keeps the deposit', async () => {
    const { page } = session;
    const email = 'retry@example.my';
    await offerSessionInsideNotice();
    await openScreenerResults(page, 'en');
    const dialog = await bookUntilPayment(page, 'en', email, 'first');
    await dialog.getByRole('radio', { name: 'FPX' }).check();
    await dialog.getByRole('button', { name: 'Pay RM150.00' }).click();
    await page.getByRole('heading', { name: 'Fake FPX bank' }).waitFor();
    await page.getByRole('link', { name: 'Fail payment' }).click();
    await page.waitForURL(/\/screener\/klinik-minda\?.*redirect_status=failed/);
    const resumed = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await resumed.getByRole('alert').getByText('The payment was not completed at your bank or wallet.', { exact: false }).waitFor();
    expect(await deliverStripeEvents()).toEqual(['payment_intent.requires_action', 'payment_intent.payment_failed']);
    expect(lastIntent().status).toBe('requires_payment_method');
    expect(await statusOf(lastIntent().appointmentId)).toBe('held');
    await expectNoViolations(page, 'the payment step back from a failed bank payment');

    await resumed.getByRole('radio', { name: 'GrabPay' }).check();
    await resumed.getByRole('button', { name: 'Pay RM150.00' }).click();
    await page.getByRole('heading', { name: 'Fake GrabPay wallet' }).waitFor();
    await page.getByRole('link', { name: 'Authorise payment' }).click();
    await page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' }).getByText('Payment received.', { exact: false }).waitFor();
    const booked = await bookedOnlyByStripesEvent(page, 'en', email);
    // One PaymentIntent served both attempts.
    expect([...stripeApi.payments.intents.values()].filter(({ intent }) => (intent.metadata as { appointmentId: string }).appointmentId === booked.appointmentId)).toHaveLength(1);

    await page.goto(booked.manageLink);
    await page.getByRole('region', { name: 'Your payment' }).getByText('RM150.00 by GrabPay').waitFor();
    await cancelPaid(page, 'en', booked, true);
  });

  it('in Malay, pays by card; a cancel before the notice refunds everything', async () => {
    const { page } = session;
    const email = 'kad@example.my';
    await openScreenerResults(page, 'ms');
    const dialog = await bookUntilPayment(page, 'ms', email, 'last');
    await dialog.getByRole('radio', { name: 'Card' }).check();
    await dialog.getByRole('button', { name: 'Bayar RM150.00' }).click();
    await dialog.getByText('Pembayaran diterima.', { exact: false }).waitFor();
    const booked = await bookedOnlyByStripesEvent(page, 'ms', email);
    await page.goto(booked.manageLink);
    await page.getByRole('region', { name: 'Bayaran anda' }).getByText('RM150.00 melalui kad').waitFor();
    await cancelPaid(page, 'ms', booked, false);
  });
});
