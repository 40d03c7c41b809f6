import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaymentOfAppointment } from '../../db/repositories/appointment-payments';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { PaymentMethod, PaymentPolicy } from '../../domain/payment-policy';
import { manageTokenOf } from '../appointments/manage-token';
import { bookingRequest, hoursFromNow, postBooking } from '../testing/booking-requests';
import { insertPaidClinic } from '../testing/paid-clinic';
import { connectEvent, postStripeEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';

/** The full price (RM 120.50) at booking; a late cancel keeps a deposit of RM 50.00. */
const FULL_KEEPS_DEPOSIT: PaymentPolicy = { mode: 'full', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } };

// Issue 28: the visitor's mails after a payment tell the amount, the method, Stripe's receipt and
// the refund policy they booked on, in their language; and after their cancel, what came back.
describe.each(TEST_DIALECTS)("a paid booking's mails to the visitor, on %s", (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A booking `hours` ahead, paid with `method`, accepted by Stripe's webhook; the psychologist's notice is 24 hours. */
  async function paidBooking(hours: number, method: PaymentMethod, clientLanguage: 'en' | 'ms') {
    const screener = await insertPaidClinic(t, FULL_KEEPS_DEPOSIT, { clinic: { autoConfirmRequests: true } });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
    const booked = await postBooking(t, bookingRequest(screener, slotId, { clientLanguage }));
    const appointmentId = booked.body.appointmentId as string;
    const payment = (await findPaymentOfAppointment(t.services.db, screener.userId, appointmentId))!;
    const paid = structuredClone(t.stripe.payments.settle(payment.paymentIntentId, { type: method, succeeded: true }));
    expect((await postStripeEvent(t.app, connectEvent('payment_intent.succeeded', screener.accountId, paid))).statusCode).toBe(200);
    return appointmentId;
  }
  /** The visitor's mail of this kind, as text (bookingRequest's addresses start with visitor-). */
  async function visitorMail(appointmentId: string, kind: string) {
    const rows = await t.services.db.selectFrom('email_outbox').select('message').where('appointment_id', '=', appointmentId).where('kind', '=', kind)
      .where('recipient', 'like', 'visitor-%')
      .execute();
    expect(rows).toHaveLength(1);
    return (JSON.parse(rows[0]!.message) as { text: string }).text;
  }

  it('tells the amount, the method, the receipt and the policy in the booking mail, once, in English', async () => {
    const appointmentId = await paidBooking(72, 'fpx', 'en');
    const text = await visitorMail(appointmentId, 'booking-client');
    expect(text).toContain('Your payment: RM120.50 by FPX online banking');
    expect(text).toMatch(/Receipt: https:\/\/pay\.stripe\.com\/receipts\/\S+/);
    expect(text).toContain('If you cancel: Cancel more than 24 hours before the session and everything you paid comes back. A later cancel, or not coming, keeps RM50.00 of it; the rest comes back.');
  });

  it('tells it in Malay, and after the visitor cancels late, what came back', async () => {
    const appointmentId = await paidBooking(12, 'grabpay', 'ms');
    expect(await visitorMail(appointmentId, 'booking-client')).toContain('Bayaran anda: RM120.50 melalui GrabPay');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/cancel`,
      headers: { origin: t.services.env.publicUrl },
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const text = await visitorMail(appointmentId, 'visitor-cancelled');
    expect(text).toContain('Sedang dikembalikan: RM70.50');
    expect(text).toContain('menyimpan RM50.00 daripadanya');
  });
});
