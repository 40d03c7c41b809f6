import { addMinutes } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedRefundsSen, findPaymentOfAppointment, insertAppointmentPayment, insertRefund, listRefunds } from '../../db/repositories/appointment-payments';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { expireLapsedHolds } from '../appointments/expire-holds';
import type { StripeBilling } from '../billing/billing';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { FAKE_STRIPE_CONNECT_WEBHOOK_SECRET, FAKE_STRIPE_WEBHOOK_SECRET } from '../testing/fake-stripe';
import { insertPaidClinic } from '../testing/paid-clinic';
import { signedInAs } from '../testing/signed-in-operator';
import { connectEvent, postStripeEvent } from '../testing/stripe-events';
import { refundIdempotencyKey } from './refund-payment';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';

// Issue 28: only Stripe's webhook moves a paid booking, exactly once, and a payment for a slot
// gone meanwhile goes straight back.
describe.each(TEST_DIALECTS)("a booking's payment event on %s", (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  const stripe = () => (t.services.billing as StripeBilling).stripe;
  const appointment = (id: string) => t.services.db.selectFrom('appointments').select(['status', 'active_slot_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const succeededEvents = (userId: string) =>
    t.services.db.selectFrom('webhook_deliveries').select('id').where('user_id', '=', userId).where('event_type', '=', 'payment.succeeded').execute();

  /** A visitor's hold of a slot at a clinic with a connected account, and its PaymentIntent of RM 200.00 recorded. */
  async function heldAndAwaitingPayment(hours: number) {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true, autoConfirmRequests: false });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
    const response = await postBooking(t, bookingRequest(screener, slotId));
    expect(response.body.status).toBe('held');
    const appointmentId = response.body.appointmentId as string;
    const account = await stripe().accounts.create({ type: 'standard', country: 'MY' });
    t.stripe.completeOnboarding(account.id);
    const intent = await stripe().paymentIntents.create({ amount: 20000, currency: 'myr' }, { stripeAccount: account.id });
    await insertAppointmentPayment(t.services.db, { appointmentId, userId: screener.userId, stripeAccountId: account.id, paymentIntentId: intent.id, amountSen: 20000, now: new Date() });
    await insertWebhookEndpoint(t.services.db, { userId: screener.userId, url: 'https://clinic.example/hooks', now: new Date() });
    return { screener, slotId, appointmentId, accountId: account.id, intentId: intent.id };
  }
  const paidEvent = (held: { accountId: string; intentId: string }, succeeded = true) =>
    connectEvent(
      succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      held.accountId,
      structuredClone(t.stripe.payments.settle(held.intentId, { type: succeeded ? 'fpx' : 'card', succeeded })),
    );
  const expire = () => expireLapsedHolds({ db: t.services.db, now: () => addMinutes(new Date(), 31) });
  const refundsOf = (intentId: string) => [...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);

  /**
   * Runs `act` with the handler's first read of the appointment's status answering 'held' while
   * the hold has lapsed already: the expiry job ran between that read and the acceptance.
   */
  async function withHoldLapsingAfterRead(act: () => Promise<unknown>) {
    const served = t.services.db;
    let stale = true;
    t.services.db = served.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: ({ result }) => {
        const [row] = result.rows as Array<Record<string, unknown>>;
        if (!stale || result.rows.length !== 1 || Object.keys(row!).join() !== 'status' || row!.status !== 'expired') return Promise.resolve(result);
        stale = false;
        return Promise.resolve({ ...result, rows: [{ status: 'held' }] });
      },
    });
    try {
      await act();
    } finally {
      t.services.db = served;
    }
    expect(stale).toBe(false);
  }

  it('confirms the hold once, records the payment with its receipt, and tells the clinic once, however often Stripe sends it', async () => {
    const held = await heldAndAwaitingPayment(24);
    const event = paidEvent(held);
    expect((await postStripeEvent(t.app, event)).statusCode).toBe(200);
    const outbox = await t.services.db.selectFrom('email_outbox').select('id').where('appointment_id', '=', held.appointmentId).execute();
    expect((await postStripeEvent(t.app, event)).json()).toEqual({ received: true, alreadyProcessed: true });
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'requested', active_slot_id: held.slotId });
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({
      status: 'succeeded',
      method: 'fpx',
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/receipts\//),
    });
    expect(await succeededEvents(held.screener.userId)).toHaveLength(1);
    expect(await t.services.db.selectFrom('email_outbox').select('id').where('appointment_id', '=', held.appointmentId).execute()).toHaveLength(outbox.length);
  });

  it("takes a connected account's event only under the Connect endpoint's secret, not the platform's", async () => {
    const held = await heldAndAwaitingPayment(25);
    const event = paidEvent(held);
    const refused = await postStripeEvent(t.app, event, FAKE_STRIPE_WEBHOOK_SECRET);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('STRIPE_CONNECT_WEBHOOK_SECRET');
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'held' });
    expect((await postStripeEvent(t.app, event, FAKE_STRIPE_CONNECT_WEBHOOK_SECRET)).json()).toEqual({ received: true });
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'requested' });
  });

  it('records a failed attempt and keeps the hold for another one', async () => {
    const held = await heldAndAwaitingPayment(26);
    expect((await postStripeEvent(t.app, paidEvent(held, false))).statusCode).toBe(200);
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'held', active_slot_id: held.slotId });
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'failed', method: 'card' });
    expect(await succeededEvents(held.screener.userId)).toHaveLength(0);
  });

  it('books the slot for a payment that arrives after the hold lapsed while the slot is still free', async () => {
    const held = await heldAndAwaitingPayment(28);
    await expire();
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'expired', active_slot_id: null });
    await postStripeEvent(t.app, paidEvent(held));
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'requested', active_slot_id: held.slotId });
    expect(t.stripe.calls.filter((call) => call.path === '/v1/refunds' && call.params.payment_intent === held.intentId)).toHaveLength(0);
  });

  it('books the slot for a payment whose hold lapsed between reading it and accepting it, while the slot is free', async () => {
    const held = await heldAndAwaitingPayment(32);
    await expire();
    await withHoldLapsingAfterRead(async () => expect((await postStripeEvent(t.app, paidEvent(held))).statusCode).toBe(200));
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'requested', active_slot_id: held.slotId });
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'succeeded', refundedSen: 0 });
    expect(refundsOf(held.intentId)).toEqual([]);
  });

  it('refunds, once, a payment whose hold lapsed between reading it and accepting it, and whose slot another visitor took', async () => {
    const held = await heldAndAwaitingPayment(34);
    await expire();
    expect((await postBooking(t, bookingRequest(held.screener, held.slotId))).status).toBe(201);
    const event = paidEvent(held);
    await withHoldLapsingAfterRead(async () => expect((await postStripeEvent(t.app, event)).statusCode).toBe(200));
    await postStripeEvent(t.app, connectEvent(event.type, held.accountId, event.data.object, addMinutes(new Date(), 1)));
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'expired', active_slot_id: null });
    expect(refundsOf(held.intentId)).toEqual([expect.objectContaining({ amount: 20000 })]);
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'succeeded', refundedSen: 20000 });
  });

  it('finishes on the next delivery the refund a delivery decided but could not make (Stripe down)', async () => {
    const held = await heldAndAwaitingPayment(36);
    await expire();
    expect((await postBooking(t, bookingRequest(held.screener, held.slotId))).status).toBe(201);
    const event = paidEvent(held);
    t.stripe.failNext('POST', '/v1/refunds', 500, 'An unknown error occurred', 3);
    expect((await postStripeEvent(t.app, event)).statusCode).toBeGreaterThanOrEqual(500);
    expect(refundsOf(held.intentId)).toEqual([]);
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'succeeded', refundedSen: 0 });

    expect((await postStripeEvent(t.app, event)).json()).toEqual({ received: true });
    expect(refundsOf(held.intentId)).toEqual([expect.objectContaining({ amount: 20000 })]);
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'succeeded', refundedSen: 20000 });
  });

  it('records on the next delivery the payment of a booking a delivery accepted but could not record (Stripe down)', async () => {
    const held = await heldAndAwaitingPayment(38);
    const event = paidEvent(held);
    t.stripe.failNext('GET', `/v1/payment_intents/${held.intentId}`, 500, 'An unknown error occurred', 3);
    expect((await postStripeEvent(t.app, event)).statusCode).toBeGreaterThanOrEqual(500);
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'requested' });
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'pending' });

    expect((await postStripeEvent(t.app, event)).json()).toEqual({ received: true });
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'succeeded', method: 'fpx' });
    expect(await succeededEvents(held.screener.userId)).toHaveLength(1);
  });

  it('refunds a late payment in full, once, when another visitor took the slot', async () => {
    const held = await heldAndAwaitingPayment(30);
    await expire();
    expect((await postBooking(t, bookingRequest(held.screener, held.slotId))).status).toBe(201);
    const event = paidEvent(held);
    await postStripeEvent(t.app, event);
    await postStripeEvent(t.app, connectEvent(event.type, held.accountId, event.data.object, addMinutes(new Date(), 1)));
    expect(await appointment(held.appointmentId)).toMatchObject({ status: 'expired', active_slot_id: null });
    expect([...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === held.intentId)).toEqual([expect.objectContaining({ amount: 20000 })]);
    expect(await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId)).toMatchObject({ status: 'succeeded', refundedSen: 20000 });
  });

  describe('for a hold deleted with its slot before its PaymentIntent was recorded', () => {
    /**
     * A paid hold whose PaymentIntent Stripe made but whose record was lost (the process stopped
     * between Stripe's answer and our insert), deleted with its slot; the visitor pays anyway.
     */
    async function deletedBeforeRecorded() {
      const screener = await insertPaidClinic(t, { mode: 'full', deposit: null, lateCancel: { keeps: 'nothing' } });
      const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(36));
      const appointmentId = (await postBooking(t, bookingRequest(screener, slotId))).body.appointmentId as string;
      const { paymentIntentId } = (await findPaymentOfAppointment(t.services.db, screener.userId, appointmentId))!;
      await t.services.db.deleteFrom('appointment_payments').where('payment_intent_id', '=', paymentIntentId).execute();
      await (await signedInAs(t, screener)).caller.admin.availability.delete({ slotId, confirmBooked: true });
      expect(await t.services.db.selectFrom('appointments').select('id').where('id', '=', appointmentId).executeTakeFirst()).toBeUndefined();
      const paid = structuredClone(t.stripe.payments.settle(paymentIntentId, { type: 'fpx', succeeded: true }));
      return { screener, appointmentId, intentId: paymentIntentId, event: connectEvent('payment_intent.succeeded', screener.accountId, paid) };
    }

    it('refunds the late payment once, however often and however many at once Stripe sends it, and books nothing', async () => {
      const gone = await deletedBeforeRecorded();
      const deliveries = await Promise.all([postStripeEvent(t.app, gone.event), postStripeEvent(t.app, gone.event)]);
      expect(deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 200]);
      expect((await postStripeEvent(t.app, connectEvent(gone.event.type, gone.screener.accountId, gone.event.data.object, addMinutes(new Date(), 1)))).statusCode).toBe(200);
      expect(refundsOf(gone.intentId).map((refund) => refund.amount)).toEqual([12050]);
      expect(await findPaymentOfAppointment(t.services.db, gone.screener.userId, gone.appointmentId)).toMatchObject({ status: 'succeeded', amountSen: 12050, refundedSen: 12050 });
      expect(await t.services.db.selectFrom('appointments').select('id').where('user_id', '=', gone.screener.userId).execute()).toEqual([]);
    });

    it('leaves a payment on another clinic’s account alone, whatever appointment its metadata names', async () => {
      const gone = await deletedBeforeRecorded();
      const stranger = await stripe().accounts.create({ type: 'standard', country: 'MY' });
      expect((await postStripeEvent(t.app, connectEvent(gone.event.type, stranger.id, gone.event.data.object))).statusCode).toBe(200);
      expect(refundsOf(gone.intentId)).toEqual([]);
      expect(await findPaymentOfAppointment(t.services.db, gone.screener.userId, gone.appointmentId)).toBeUndefined();
    });
  });

  /** A booking paid through its event: requested, its payment recorded. */
  async function paidBooking(hours: number) {
    const held = await heldAndAwaitingPayment(hours);
    expect((await postStripeEvent(t.app, paidEvent(held))).statusCode).toBe(200);
    return { ...held, payment: (await findPaymentOfAppointment(t.services.db, held.screener.userId, held.appointmentId))! };
  }
  /** The refund as Stripe renders it in an event (the fake also keeps the account it was made on). */
  const refundObject = (id: string) => {
    const { account: _account, ...made } = t.stripe.refunds.get(id)!;
    return made;
  };
  const refundedEvents = (userId: string) =>
    t.services.db.selectFrom('webhook_deliveries').select('id').where('user_id', '=', userId).where('event_type', '=', 'payment.refunded').execute();

  it.each(['refund.updated', 'charge.refund.updated'])('settles, once, a refund whose answer was lost when Stripe sends its final status (%s)', async (type) => {
    const paid = await paidBooking(40);
    // Written down and made at Stripe, but our call's answer never came: the record waits.
    const pending = await insertRefund(t.services.db, {
      paymentId: paid.payment.id,
      userId: paid.screener.userId,
      causeKey: `cancel:${paid.appointmentId}`,
      amountSen: 20000,
      reason: 'clinic_cancelled',
      note: null,
      actor: 'clinic',
      accountId: null,
      now: new Date(),
    });
    const made = await stripe().refunds.create(
      { payment_intent: paid.intentId, amount: 20000, reason: 'requested_by_customer', metadata: { refundId: pending.id } },
      { stripeAccount: paid.accountId, idempotencyKey: refundIdempotencyKey(pending.id) },
    );
    const event = connectEvent(type, paid.accountId, refundObject(made.id));
    // Signed for another clinic's account, it settles nothing.
    await postStripeEvent(t.app, connectEvent(type, 'acct_other', refundObject(made.id)));
    expect(await listRefunds(t.services.db, paid.payment.id)).toEqual([expect.objectContaining({ status: 'pending' })]);

    expect((await postStripeEvent(t.app, event)).statusCode).toBe(200);
    await postStripeEvent(t.app, connectEvent(type, paid.accountId, refundObject(made.id), addMinutes(new Date(), 1)));
    expect(await listRefunds(t.services.db, paid.payment.id)).toEqual([expect.objectContaining({ id: pending.id, status: 'succeeded', stripeRefundId: made.id })]);
    expect(await findPaymentOfAppointment(t.services.db, paid.screener.userId, paid.appointmentId)).toMatchObject({ refundedSen: 20000 });
    expect(await refundedEvents(paid.screener.userId)).toHaveLength(1);
  });

  it('gives a refund Stripe reports failed after accepting it back to the refundable rest, once, and tells the clinic in the audit log', async () => {
    const paid = await paidBooking(44);
    const refund = await insertRefund(t.services.db, {
      paymentId: paid.payment.id,
      userId: paid.screener.userId,
      causeKey: `cancel:${paid.appointmentId}`,
      amountSen: 15000,
      reason: 'clinic_cancelled',
      note: null,
      actor: 'clinic',
      accountId: null,
      now: new Date(),
    });
    const made = await stripe().refunds.create({ payment_intent: paid.intentId, amount: 15000, metadata: { refundId: refund.id } }, { stripeAccount: paid.accountId });
    await postStripeEvent(t.app, connectEvent('refund.updated', paid.accountId, refundObject(made.id)));
    expect(await findPaymentOfAppointment(t.services.db, paid.screener.userId, paid.appointmentId)).toMatchObject({ refundedSen: 15000 });

    // Days later the visitor's bank sends it back: Stripe reports the refund failed.
    const failed = { ...refundObject(made.id), status: 'failed', failure_reason: 'expired_or_canceled_card' };
    expect((await postStripeEvent(t.app, connectEvent('refund.updated', paid.accountId, failed))).statusCode).toBe(200);
    await postStripeEvent(t.app, connectEvent('charge.refund.updated', paid.accountId, failed, addMinutes(new Date(), 1)));
    expect(await findPaymentOfAppointment(t.services.db, paid.screener.userId, paid.appointmentId)).toMatchObject({ refundedSen: 0 });
    expect(await listRefunds(t.services.db, paid.payment.id)).toEqual([expect.objectContaining({ id: refund.id, status: 'failed' })]);
    expect(await committedRefundsSen(t.services.db, paid.payment.id)).toBe(0);
    const audit = await t.services.db.selectFrom('audit_log').select(['action', 'detail']).where('user_id', '=', paid.screener.userId).where('action', '=', 'payment.refund-failed').execute();
    expect(audit).toEqual([{ action: 'payment.refund-failed', detail: 'expired_or_canceled_card' }]);
    // The cause's refund stays failed: a retried cancel does not count it refunded again.
    await postStripeEvent(t.app, connectEvent('refund.updated', paid.accountId, refundObject(made.id), addMinutes(new Date(), 2)));
    expect(await findPaymentOfAppointment(t.services.db, paid.screener.userId, paid.appointmentId)).toMatchObject({ refundedSen: 0 });
  });

  it('flags a disputed payment once, whatever Stripe repeats, and never another account’s', async () => {
    const paid = await paidBooking(42);
    const dispute = t.stripe.dispute(paid.intentId);
    await postStripeEvent(t.app, connectEvent('charge.dispute.created', 'acct_other', dispute));
    expect(await findPaymentOfAppointment(t.services.db, paid.screener.userId, paid.appointmentId)).toMatchObject({ disputed: false });
    expect((await postStripeEvent(t.app, connectEvent('charge.dispute.created', paid.accountId, dispute))).statusCode).toBe(200);
    expect((await postStripeEvent(t.app, connectEvent('charge.dispute.created', paid.accountId, dispute))).statusCode).toBe(200);
    expect(await findPaymentOfAppointment(t.services.db, paid.screener.userId, paid.appointmentId)).toMatchObject({ disputed: true, status: 'succeeded' });
  });
});
