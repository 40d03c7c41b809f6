import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaymentOfAppointment } from '../../db/repositories/appointment-payments';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { PaymentPolicy } from '../../domain/payment-policy';
import { manageTokenOf } from '../appointments/manage-token';
import { bookingRequest, hoursFromNow, postBooking } from '../testing/booking-requests';
import { insertPaidClinic } from '../testing/paid-clinic';
import { signedInAs } from '../testing/signed-in-operator';
import { connectEvent, postStripeEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';
import { finishEndingRefund } from './cancel-refund';

/** The full price (RM 120.50) at booking; a late cancel or a no-show keeps a deposit of RM 50.00. */
const FULL_KEEPS_DEPOSIT: PaymentPolicy = { mode: 'full', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } };

// Issue 28: the end of a paid booking refunds by the policy it was booked on, through the one
// refund use case, once, on both dialects.
describe.each(TEST_DIALECTS)("a paid booking's refund when it ends, on %s", (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A booking `hours` ahead, paid by card and accepted by Stripe's webhook; the psychologist's notice is 24 hours. */
  async function paidBooking(hours: number, clinic: { autoConfirmRequests: boolean } = { autoConfirmRequests: true }) {
    const screener = await insertPaidClinic(t, FULL_KEEPS_DEPOSIT, { clinic });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
    const booked = await postBooking(t, bookingRequest(screener, slotId));
    const appointmentId = booked.body.appointmentId as string;
    const payment = (await findPaymentOfAppointment(t.services.db, screener.userId, appointmentId))!;
    const paid = structuredClone(t.stripe.payments.settle(payment.paymentIntentId, { type: 'card', succeeded: true }));
    expect((await postStripeEvent(t.app, connectEvent('payment_intent.succeeded', screener.accountId, paid))).statusCode).toBe(200);
    return { screener, appointmentId, intentId: payment.paymentIntentId };
  }
  const cancelAsVisitor = (appointmentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/cancel`, headers: { origin: t.services.env.publicUrl }, payload: {} });
  const refundsOf = (intentId: string) => [...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount);
  const refundedSen = async (booking: Awaited<ReturnType<typeof paidBooking>>) =>
    (await findPaymentOfAppointment(t.services.db, booking.screener.userId, booking.appointmentId))!.refundedSen;

  it('refunds everything to a visitor who cancels before the notice period, once however many cancels race', async () => {
    const booking = await paidBooking(72);
    const answers = await Promise.all([cancelAsVisitor(booking.appointmentId), cancelAsVisitor(booking.appointmentId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(refundsOf(booking.intentId)).toEqual([12050]);
    expect(await refundedSen(booking)).toBe(12050);
  });

  it('keeps the deposit of a visitor who cancels inside the notice period, and refunds the rest', async () => {
    const booking = await paidBooking(12);
    expect((await cancelAsVisitor(booking.appointmentId)).statusCode).toBe(200);
    expect(refundsOf(booking.intentId)).toEqual([7050]);
    expect(await refundedSen(booking)).toBe(7050);
  });

  it('keeps the deposit of a no-show, and refunds the rest once', async () => {
    const booking = await paidBooking(5);
    const { caller } = await signedInAs(t, booking.screener);
    await Promise.allSettled([caller.admin.appointments.noShow({ appointmentId: booking.appointmentId }), caller.admin.appointments.noShow({ appointmentId: booking.appointmentId })]);
    expect(refundsOf(booking.intentId)).toEqual([7050]);
  });

  it('refunds everything when the clinic declines or cancels, even inside the notice period', async () => {
    const declined = await paidBooking(10, { autoConfirmRequests: false });
    const { caller } = await signedInAs(t, declined.screener);
    await caller.admin.appointments.decline({ appointmentId: declined.appointmentId });
    expect(refundsOf(declined.intentId)).toEqual([12050]);

    const cancelled = await paidBooking(11);
    const clinic = await signedInAs(t, cancelled.screener);
    await Promise.allSettled([clinic.caller.admin.appointments.cancel({ appointmentId: cancelled.appointmentId }), clinic.caller.admin.appointments.cancel({ appointmentId: cancelled.appointmentId })]);
    expect(refundsOf(cancelled.intentId)).toEqual([12050]);
    expect(await refundedSen(cancelled)).toBe(12050);
  });

  it('keeps the ending when Stripe does not answer, and the next call of the same cause finishes the refund once', async () => {
    const booking = await paidBooking(13);
    t.stripe.failNext('POST', '/v1/refunds', 500, 'An unknown error occurred', 3);
    const answer = await cancelAsVisitor(booking.appointmentId);
    expect(answer.statusCode).toBe(200);
    // Stripe has not made it: the visitor is told it is on its way, not that it came back.
    expect(answer.json().payment).toMatchObject({ refundedSen: 0, refundPendingSen: 7050 });
    expect(refundsOf(booking.intentId)).toEqual([]);
    const pending = await t.services.db.selectFrom('payment_refunds').select(['amount_sen', 'status']).where('cause_key', '=', `cancel:${booking.appointmentId}`).execute();
    expect(pending).toEqual([{ amount_sen: 7050, status: 'pending' }]);
    await finishEndingRefund(t.services, { userId: booking.screener.userId, appointmentId: booking.appointmentId });
    await finishEndingRefund(t.services, { userId: booking.screener.userId, appointmentId: booking.appointmentId });
    expect(refundsOf(booking.intentId)).toEqual([7050]);
    expect(await refundedSen(booking)).toBe(7050);
  });

  it('shows on the manage page what was paid, how, and what a cancel would refund and keep now, before and inside the notice, which it may cross', async () => {
    const page = async (appointmentId: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}` })).json();
    const view = async (appointmentId: string) => (await page(appointmentId)).payment;
    const early = await paidBooking(72);
    expect(await view(early.appointmentId)).toEqual({
      amountSen: 12050,
      status: 'succeeded',
      method: 'card',
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/receipts\//),
      refundedSen: 0,
      refundPendingSen: 0,
      refundIfCancelledNowSen: 12050,
      keptIfCancelledNowSen: 0,
      policy: { mode: 'full', priceSen: 12050, dueAtBookingSen: 12050, fullRefundUntilHours: 24, lateCancelKeepsSen: 5000, currency: 'myr' },
    });
    const late = await paidBooking(14);
    const lateAnswer = await page(late.appointmentId);
    expect(lateAnswer.payment).toMatchObject({ refundIfCancelledNowSen: 7050, keptIfCancelledNowSen: 5000 });
    // A paid booking's cancel goes on until its start, past the notice where its moves stop.
    expect(lateAnswer.cancellableUntil).toBe(lateAnswer.startUtc);
    expect(new Date(lateAnswer.changeableUntil).getTime()).toBeLessThan(Date.now());
    const cancelled = await cancelAsVisitor(late.appointmentId);
    // The cancel's own answer is read after Stripe made the refund: refunded, nothing pending.
    expect(cancelled.json().payment).toMatchObject({ refundedSen: 7050, refundPendingSen: 0 });
    expect(await view(late.appointmentId)).toMatchObject({ refundedSen: 7050, refundPendingSen: 0, refundIfCancelledNowSen: null, keptIfCancelledNowSen: null });
  });
});
