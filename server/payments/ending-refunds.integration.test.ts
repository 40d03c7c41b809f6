import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaymentOfAppointment } from '../../db/repositories/appointment-payments';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { PaymentPolicy } from '../../domain/payment-policy';
import { manageTokenOf } from '../appointments/manage-token';
import { hashPassword } from '../auth/passwords';
import { deliverDueEmails } from '../mail/outbox-worker';
import { bookingRequest, hoursFromNow, postBooking } from '../testing/booking-requests';
import { insertPaidClinic } from '../testing/paid-clinic';
import { signedInAs } from '../testing/signed-in-operator';
import { decodeQuotedPrintable } from '../testing/smtp-capture';
import { connectEvent, postStripeEvent } from '../testing/stripe-events';
import { startStripeSmtpTestApp, type StripeSmtpTestApp } from '../testing/stripe-test-app';

/** The full price (RM 120.50) at booking; a late cancel or a no-show keeps a deposit of RM 50.00. */
const FULL_KEEPS_DEPOSIT: PaymentPolicy = { mode: 'full', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } };
const PASSWORD = 'klinik-tutup-2026';

// Issue 28: every ending of a paid booking refunds by its policy, exactly once however many
// callers race, on both dialects; the visitor's mail (real SMTP) says what came back.
describe.each(TEST_DIALECTS)("every ending of a paid booking refunds once and says so, on %s", (dialect) => {
  let t: StripeSmtpTestApp;
  beforeAll(async () => {
    t = await startStripeSmtpTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A booking `hours` ahead, paid by card and accepted by Stripe's webhook; the psychologist's notice is 24 hours. */
  async function paidBooking(hours: number, options: { clientLanguage?: 'en' | 'ms'; autoConfirmRequests?: boolean } = {}) {
    const screener = await insertPaidClinic(t, FULL_KEEPS_DEPOSIT, { clinic: { autoConfirmRequests: options.autoConfirmRequests ?? true } });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
    const clientEmail = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    const booked = await postBooking(t, bookingRequest(screener, slotId, { clientEmail, clientLanguage: options.clientLanguage ?? 'en' }));
    const appointmentId = booked.body.appointmentId as string;
    const payment = (await findPaymentOfAppointment(t.services.db, screener.userId, appointmentId))!;
    const paid = structuredClone(t.stripe.payments.settle(payment.paymentIntentId, { type: 'card', succeeded: true }));
    expect((await postStripeEvent(t.app, connectEvent('payment_intent.succeeded', screener.accountId, paid))).statusCode).toBe(200);
    const clinic = await signedInAs(t, screener);
    return { screener, clinic, slotId, clientEmail, appointmentId, intentId: payment.paymentIntentId };
  }
  type Booking = Awaited<ReturnType<typeof paidBooking>>;

  const refundsOf = (booking: Booking) => [...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === booking.intentId).map((refund) => refund.amount);
  const payment = (booking: Booking) => findPaymentOfAppointment(t.services.db, booking.clinic.userId, booking.appointmentId);
  /** The visitor's mails of this booking as delivered over SMTP, decoded. */
  async function mailsTo(booking: Booking): Promise<string[]> {
    await deliverDueEmails(t.services, 100);
    return t.smtp.messages.filter((mail) => mail.to.includes(booking.clientEmail)).map((mail) => decodeQuotedPrintable(mail.raw));
  }
  const erase = (booking: Booking) =>
    t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, booking.appointmentId)}/erase`, headers: { origin: t.services.env.publicUrl }, payload: {} });

  it("tells in the clinic's cancel mail that everything came back, once for two cancels at once", async () => {
    const booking = await paidBooking(10);
    await Promise.allSettled([booking.clinic.caller.admin.appointments.cancel({ appointmentId: booking.appointmentId }), booking.clinic.caller.admin.appointments.cancel({ appointmentId: booking.appointmentId })]);
    expect(refundsOf(booking)).toEqual([12050]);
    const cancelled = (await mailsTo(booking)).filter((mail) => mail.includes('cancelled'));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toContain('Your payment: RM120.50 by card');
    expect(cancelled[0]).toContain('Being refunded: RM120.50');
  });

  it("tells in the decline mail, in the visitor's Malay, that everything came back", async () => {
    const booking = await paidBooking(72, { clientLanguage: 'ms', autoConfirmRequests: false });
    await booking.clinic.caller.admin.appointments.decline({ appointmentId: booking.appointmentId });
    await expect(booking.clinic.caller.admin.appointments.decline({ appointmentId: booking.appointmentId })).rejects.toThrow();
    expect(refundsOf(booking)).toEqual([12050]);
    const declined = (await mailsTo(booking)).filter((mail) => mail.includes('Sedang dikembalikan'));
    expect(declined).toHaveLength(1);
    expect(declined[0]).toContain('Sedang dikembalikan: RM120.50');
  });

  it("tells in the no-show mail what came back and what the policy kept, once for two no-shows at once", async () => {
    const booking = await paidBooking(3);
    const noShow = () => booking.clinic.caller.admin.appointments.noShow({ appointmentId: booking.appointmentId });
    await Promise.allSettled([noShow(), noShow()]);
    expect(refundsOf(booking)).toEqual([7050]);
    const mails = (await mailsTo(booking)).filter((mail) => mail.includes('Being refunded'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Being refunded: RM70.50');
    expect(mails[0]).toContain('keeps RM50.00 of it');
  });

  it("refunds everything to a visitor who erases their data before the notice, once for two erasures at once, and keeps the payment's rows without a name", async () => {
    const booking = await paidBooking(72);
    const answers = await Promise.all([erase(booking), erase(booking)]);
    // The second finds it erased: 404 while racing, 410 once the link is closed.
    const [first, second] = answers.map((answer) => answer.statusCode).sort();
    expect(first).toBe(200);
    expect([404, 410]).toContain(second);
    expect(refundsOf(booking)).toEqual([12050]);
    expect(await payment(booking)).toMatchObject({ amountSen: 12050, refundedSen: 12050, status: 'succeeded' });
    const appointment = await t.services.db.selectFrom('appointments').select(['status', 'client_email']).where('id', '=', booking.appointmentId).executeTakeFirstOrThrow();
    expect(appointment.status).toBe('cancelled');
    expect(appointment.client_email).not.toBe(booking.clientEmail);
  });

  it('erases a paid booking inside the notice, as its cancel, keeping what the policy keeps', async () => {
    const booking = await paidBooking(12);
    expect((await erase(booking)).statusCode).toBe(200);
    expect(refundsOf(booking)).toEqual([7050]);
  });

  it('refunds everything when the clinic deletes the slot, once for two deletions at once; the payment stays in the books and the mail says it', async () => {
    const booking = await paidBooking(48);
    const remove = () => booking.clinic.caller.admin.availability.delete({ slotId: booking.slotId, confirmBooked: true });
    const outcomes = await Promise.allSettled([remove(), remove()]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(refundsOf(booking)).toEqual([12050]);
    expect(await payment(booking)).toMatchObject({ amountSen: 12050, refundedSen: 12050 });
    const mails = (await mailsTo(booking)).filter((mail) => mail.includes('Being refunded'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Being refunded: RM120.50');
    const { months } = await booking.clinic.caller.admin.payments.months();
    expect(months[0]).toMatchObject({ paidSen: 12050, refundedSen: 12050, keptSen: 0 });
  });

  it('refunds everything when the clinic deletes the psychologist, once for two deletions at once, and the mail says it', async () => {
    const booking = await paidBooking(30, { clientLanguage: 'ms' });
    const remove = () => booking.clinic.caller.admin.psychologists.delete({ id: booking.clinic.psychologistId, confirmCancelBookings: true });
    const outcomes = await Promise.allSettled([remove(), remove()]);
    expect(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))).toEqual([{ cancelledAppointments: 1 }]);
    expect(refundsOf(booking)).toEqual([12050]);
    const mails = (await mailsTo(booking)).filter((mail) => mail.includes('Sedang dikembalikan'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Sedang dikembalikan: RM120.50');
  });

  it("refunds a payment arriving for a hold whose slot was deleted meanwhile", async () => {
    const screener = await insertPaidClinic(t, FULL_KEEPS_DEPOSIT, { clinic: { autoConfirmRequests: true } });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(40));
    const appointmentId = (await postBooking(t, bookingRequest(screener, slotId))).body.appointmentId as string;
    const held = (await findPaymentOfAppointment(t.services.db, screener.userId, appointmentId))!;
    await (await signedInAs(t, screener)).caller.admin.availability.delete({ slotId, confirmBooked: true });
    const paid = structuredClone(t.stripe.payments.settle(held.paymentIntentId, { type: 'card', succeeded: true }));
    const event = connectEvent('payment_intent.succeeded', screener.accountId, paid);
    expect((await postStripeEvent(t.app, event)).statusCode).toBe(200);
    expect((await postStripeEvent(t.app, event)).statusCode).toBe(200);
    expect([...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === held.paymentIntentId).map((refund) => refund.amount)).toEqual([12050]);
  });

  it('refunds before a deleted clinic’s rows go: Stripe down keeps the clinic, the retry refunds once, and the closing mail says it', async () => {
    const booking = await paidBooking(50);
    await t.services.db.updateTable('accounts').set({ password_hash: await hashPassword(PASSWORD) }).where('id', '=', booking.clinic.userId).execute();
    t.stripe.failNext('POST', '/v1/refunds', 500, 'An unknown error occurred', 3);
    const refused = await booking.clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: expect.stringContaining('nothing was deleted') });
    expect(await payment(booking)).toBeDefined();
    expect(refundsOf(booking)).toEqual([]);
    const done = await booking.clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(refundsOf(booking)).toEqual([12050]);
    expect(await payment(booking)).toBeUndefined();
    // Its refund was made before the closing mail was written: the mail says it came back.
    const mails = (await mailsTo(booking)).filter((mail) => mail.includes('Refunded so far'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Refunded so far: RM120.50');
  });

  it('cancels at Stripe a deleted clinic’s PaymentIntents nobody paid yet, once, and refunds one paid whose event had not come', async () => {
    const booking = await paidBooking(60);
    await t.services.db.updateTable('accounts').set({ password_hash: await hashPassword(PASSWORD) }).where('id', '=', booking.clinic.userId).execute();
    /** A hold of the same clinic whose PaymentIntent Stripe made and recorded. */
    const hold = async (hours: number) => {
      const slotId = await insertSlot(t.services.db, booking.screener.psychologistId, hoursFromNow(hours));
      const appointmentId = (await postBooking(t, bookingRequest(booking.screener, slotId))).body.appointmentId as string;
      return (await findPaymentOfAppointment(t.services.db, booking.clinic.userId, appointmentId))!.paymentIntentId;
    };
    const open = await hold(61);
    const declined = await hold(62);
    const paidUnheard = await hold(63);
    // A declined attempt leaves its intent open for another; the other was paid, its event not here yet.
    await postStripeEvent(t.app, connectEvent('payment_intent.payment_failed', booking.screener.accountId, structuredClone(t.stripe.payments.settle(declined, { type: 'card', succeeded: false }))));
    const paidEvent = connectEvent('payment_intent.succeeded', booking.screener.accountId, structuredClone(t.stripe.payments.settle(paidUnheard, { type: 'grabpay', succeeded: true })));
    const intent = (id: string) => t.stripe.payments.intents.get(id)!.intent;
    const refundsOfIntent = (id: string) => [...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === id).map((refund) => refund.amount);

    t.stripe.failNext('POST', `/v1/payment_intents/${declined}/cancel`, 500, 'An unknown error occurred', 3);
    const refused = await booking.clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: expect.stringContaining('nothing was deleted') });
    expect(await payment(booking)).toBeDefined();
    expect(intent(declined).status).toBe('requires_payment_method');

    const done = await booking.clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect([open, declined].map((id) => intent(id).status)).toEqual(['canceled', 'canceled']);
    expect(refundsOfIntent(paidUnheard)).toEqual([12050]);
    expect(refundsOf(booking)).toEqual([12050]);
    // The paid intent's event, late, after the clinic went: nothing more goes back, and nobody can pay the others.
    expect((await postStripeEvent(t.app, paidEvent)).statusCode).toBe(200);
    expect(refundsOfIntent(paidUnheard)).toEqual([12050]);
    const cancels = t.stripe.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/cancel') && [open, declined].some((id) => call.path.includes(id)));
    expect(cancels.every((call) => call.headers['stripe-account'] === booking.screener.accountId)).toBe(true);
  });
});
