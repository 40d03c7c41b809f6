import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaymentOfAppointment, insertAppointmentPayment, insertRefund, listRefunds, savePaymentStatus } from '../../db/repositories/appointment-payments';
import { bookSlot, insertOperator, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../db/testing/test-databases';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import { createBilling, type StripeBilling } from '../billing/billing';
import { AppError } from '../errors';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import { refundIdempotencyKey, refundPayment, type RefundRequest, resumeStaleRefunds, STALE_REFUND_MINUTES } from './refund-payment';

describe.each(TEST_DIALECTS)('refunding a payment on %s', (dialect) => {
  let database: TestDatabase;
  let fake: FakeStripe;
  let stripe: StripeBilling['stripe'];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeStripe();
    const env = fakeStripeEnv(fake);
    const billing = createBilling({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      priceId: env.STRIPE_PRICE_ID,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
      offerCouponId: undefined,
      apiUrl: env.STRIPE_API_URL,
    }) as StripeBilling;
    stripe = billing.stripe;
  });
  afterAll(async () => {
    await fake.stop();
    await database.drop();
  });

  const deps = () => ({ db: database.db, now: () => new Date(), stripe });

  /** A clinic with a connected account, a webhook endpoint, and an appointment paid RM 200.00 by card. */
  async function paidAppointment() {
    const db = database.db;
    const { userId } = await insertOperator(db);
    const psychologistId = await insertPsychologist(db, userId);
    const appointmentId = await bookSlot(db, { userId, psychologistId, slotId: await insertSlot(db, psychologistId, new Date(Date.now() + 72 * 3_600_000)) });
    const account = await stripe.accounts.create({ type: 'standard', country: 'MY' });
    fake.completeOnboarding(account.id);
    const intent = await stripe.paymentIntents.create({ amount: 20000, currency: 'myr' }, { stripeAccount: account.id });
    fake.succeedPaymentIntent(intent.id, 'card');
    const now = new Date();
    const paymentId = await insertAppointmentPayment(db, { appointmentId, userId, stripeAccountId: account.id, paymentIntentId: intent.id, amountSen: 20000, now });
    await savePaymentStatus(db, paymentId, { status: 'succeeded', method: 'card', eventAt: now, now });
    await insertWebhookEndpoint(db, { userId, url: 'https://clinic.example/hooks', now });
    return { userId, appointmentId, intentId: intent.id, accountId: account.id };
  }

  const stripeRefundCalls = (intentId: string) => fake.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds' && call.params.payment_intent === intentId);
  const refundEvents = (userId: string) =>
    database.db.selectFrom('webhook_deliveries').select('payload').where('user_id', '=', userId).where('event_type', '=', 'payment.refunded').execute();

  it('refunds a cancel once when two processes refund it at the same moment: one Stripe refund, one event, one audit entry', async () => {
    const paid = await paidAppointment();
    const request: RefundRequest = {
      userId: paid.userId,
      appointmentId: paid.appointmentId,
      amountSen: 'rest',
      reason: 'clinic_cancelled',
      causeKey: `cancel:${paid.appointmentId}`,
      note: null,
      actor: 'clinic',
      accountId: null,
    };
    const outcomes = await Promise.all([refundPayment(deps(), request), refundPayment(deps(), request)]);
    expect(outcomes.map((outcome) => outcome.refunded)).toEqual([true, true]);

    expect([...fake.refunds.values()].filter((made) => made.payment_intent === paid.intentId)).toHaveLength(1);
    const payment = (await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!;
    expect(payment.refundedSen).toBe(20000);
    const [refund] = await listRefunds(database.db, payment.id);
    expect(refund).toMatchObject({ amountSen: 20000, status: 'succeeded', reason: 'clinic_cancelled' });
    // Every call for it went on the clinic's account, under the key drawn from our record.
    for (const call of stripeRefundCalls(paid.intentId)) {
      expect(call.headers['stripe-account']).toBe(paid.accountId);
      expect(call.headers['idempotency-key']).toBe(refundIdempotencyKey(refund!.id));
    }
    const events = await refundEvents(paid.userId);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload).data.refund).toEqual({ id: refund!.id, amountSen: 20000, reason: 'clinic_cancelled' });
    const audit = await database.db.selectFrom('audit_log').select(['action', 'detail']).where('user_id', '=', paid.userId).execute();
    expect(audit).toEqual([{ action: 'payment.refunded', detail: 'RM200.00' }]);

    // The same cause again, later (a retried event): nothing more.
    expect(await refundPayment(deps(), request)).toMatchObject({ refunded: true, refund: { id: refund!.id } });
    expect([...fake.refunds.values()].filter((made) => made.payment_intent === paid.intentId)).toHaveLength(1);
  });

  it('resumes a refund whose earlier attempt stopped after Stripe made it: settled with that refund, never a second, even once Stripe forgot the key', async () => {
    const paid = await paidAppointment();
    const payment = (await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!;
    const causeKey = `late-cancel:${paid.appointmentId}`;
    // The earlier attempt wrote the refund down and Stripe made it; the process stopped before
    // settling, and the retry comes after Stripe pruned the Idempotency-Key (24 hours).
    const pending = await insertRefund(database.db, {
      paymentId: payment.id,
      userId: paid.userId,
      causeKey,
      amountSen: 5000,
      reason: 'visitor_cancelled',
      note: null,
      actor: 'visitor',
      accountId: null,
      now: new Date(),
    });
    const made = await stripe.refunds.create(
      { payment_intent: paid.intentId, amount: 5000, reason: 'requested_by_customer', metadata: { refundId: pending.id } },
      { stripeAccount: paid.accountId },
    );

    const request: RefundRequest = { userId: paid.userId, appointmentId: paid.appointmentId, amountSen: 5000, reason: 'visitor_cancelled', causeKey, note: null, actor: 'visitor', accountId: null };
    expect(await refundPayment(deps(), request)).toMatchObject({ refunded: true, refund: { id: pending.id, status: 'succeeded', stripeRefundId: made.id } });
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paid.intentId)).toHaveLength(1);
    expect((await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!.refundedSen).toBe(5000);
    expect(await listRefunds(database.db, payment.id)).toEqual([expect.objectContaining({ id: pending.id, status: 'succeeded', stripeRefundId: made.id })]);
    expect(await refundEvents(paid.userId)).toHaveLength(1);
  });

  it('resumes a refund whose earlier attempt stopped before Stripe was asked: asked under the record’s key, then settled', async () => {
    const paid = await paidAppointment();
    const payment = (await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!;
    const causeKey = `cancel:${paid.appointmentId}`;
    const pending = await insertRefund(database.db, {
      paymentId: payment.id,
      userId: paid.userId,
      causeKey,
      amountSen: 20000,
      reason: 'clinic_cancelled',
      note: null,
      actor: 'clinic',
      accountId: null,
      now: new Date(),
    });
    const request: RefundRequest = { userId: paid.userId, appointmentId: paid.appointmentId, amountSen: 'rest', reason: 'clinic_cancelled', causeKey, note: null, actor: 'clinic', accountId: null };
    expect(await refundPayment(deps(), request)).toMatchObject({ refunded: true, refund: { id: pending.id, status: 'succeeded' } });
    expect(stripeRefundCalls(paid.intentId).map((call) => call.headers['idempotency-key'])).toEqual([refundIdempotencyKey(pending.id)]);
    expect((await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!.refundedSen).toBe(20000);
  });

  it('sweeps refunds left pending: asks for one Stripe never made, settles one it made with that refund, leaves a fresh one, and makes none twice', async () => {
    const longAgo = new Date(Date.now() - (STALE_REFUND_MINUTES + 1) * 60_000);
    /** A refund written down for a paid appointment and never settled, as a stopped process leaves it. */
    async function leftPending(at: Date) {
      const paid = await paidAppointment();
      const payment = (await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!;
      const refund = await insertRefund(database.db, {
        paymentId: payment.id,
        userId: paid.userId,
        causeKey: `cancel:${paid.appointmentId}`,
        amountSen: 20000,
        reason: 'visitor_cancelled',
        note: null,
        actor: 'visitor',
        accountId: null,
        now: at,
      });
      return { ...paid, paymentId: payment.id, refund };
    }
    const neverAsked = await leftPending(longAgo);
    const answerLost = await leftPending(longAgo);
    const made = await stripe.refunds.create(
      { payment_intent: answerLost.intentId, amount: 20000, metadata: { refundId: answerLost.refund.id } },
      { stripeAccount: answerLost.accountId },
    );
    const fresh = await leftPending(new Date());
    const log = { warn: () => undefined };

    expect(await resumeStaleRefunds({ ...deps(), log })).toBe(2);
    const refundsOf = (intentId: string) => [...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId);
    expect(refundsOf(neverAsked.intentId)).toHaveLength(1);
    expect(stripeRefundCalls(neverAsked.intentId).map((call) => call.headers['idempotency-key'])).toEqual([refundIdempotencyKey(neverAsked.refund.id)]);
    expect(await listRefunds(database.db, neverAsked.paymentId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(refundsOf(answerLost.intentId)).toHaveLength(1);
    expect(await listRefunds(database.db, answerLost.paymentId)).toEqual([expect.objectContaining({ status: 'succeeded', stripeRefundId: made.id })]);
    // A refund written down a moment ago is its own call's to finish.
    expect(stripeRefundCalls(fresh.intentId)).toEqual([]);
    expect(await listRefunds(database.db, fresh.paymentId)).toEqual([expect.objectContaining({ status: 'pending' })]);

    // A second sweep, as another process's: nothing more is asked or counted.
    const calls = fake.calls.length;
    await resumeStaleRefunds({ ...deps(), log });
    expect(fake.calls.slice(calls).filter((call) => call.method === 'POST' && call.path === '/v1/refunds')).toEqual([]);
    expect((await findPaymentOfAppointment(database.db, neverAsked.userId, neverAsked.appointmentId))!.refundedSen).toBe(20000);
    expect(await refundEvents(neverAsked.userId)).toHaveLength(1);
  });

  it('refunds by hand in parts, never beyond what is left, with the reason in the audit log', async () => {
    const paid = await paidAppointment();
    const byHand = (amountSen: number, note: string): RefundRequest => ({
      userId: paid.userId,
      appointmentId: paid.appointmentId,
      amountSen,
      reason: 'by_hand',
      causeKey: null,
      note,
      actor: 'clinic',
      accountId: null,
    });
    // Two clicks at once for 150 of 200: one refunds, the other finds only 50 left.
    const outcomes = await Promise.allSettled([refundPayment(deps(), byHand(15000, 'Session shortened')), refundPayment(deps(), byHand(15000, 'Session shortened'))]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).code).toBe('CONFLICT');
    expect((refused.reason as AppError).messageIn('ms')).toContain('RM50.00');

    await refundPayment(deps(), byHand(5000, 'Goodwill'));
    const payment = (await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!;
    expect(payment.refundedSen).toBe(20000);
    expect(stripeRefundCalls(paid.intentId).map((call) => call.params.amount)).toEqual(['15000', '5000']);
    const details = await database.db.selectFrom('audit_log').select('detail').where('user_id', '=', paid.userId).orderBy('at').execute();
    expect(details.map((row) => row.detail).sort()).toEqual(['RM150.00 — Session shortened', 'RM50.00 — Goodwill']);
    // Nothing is left: a cancel's automatic refund now has nothing to do.
    expect(await refundPayment(deps(), { ...byHand(0, ''), amountSen: 'rest', reason: 'clinic_cancelled', causeKey: `cancel:${paid.appointmentId}`, note: null })).toEqual({ refunded: false });
  });

  it('forgets a refund Stripe refuses, so the amount stays refundable, and answers in the caller’s language', async () => {
    const paid = await paidAppointment();
    fake.failNext('POST', '/v1/refunds', 400, 'Refund amount is greater than unrefunded amount on charge');
    const request: RefundRequest = { userId: paid.userId, appointmentId: paid.appointmentId, amountSen: 20000, reason: 'by_hand', causeKey: null, note: 'x', actor: 'clinic', accountId: null };
    const error = (await refundPayment(deps(), request).catch((caught: unknown) => caught)) as AppError;
    expect(error.code).toBe('CONFLICT');
    expect(error.messageIn('ms')).toContain('Stripe menolak');
    const payment = (await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!;
    expect(await listRefunds(database.db, payment.id)).toEqual([]);
    expect((await refundPayment(deps(), request)).refunded).toBe(true);
    expect((await findPaymentOfAppointment(database.db, paid.userId, paid.appointmentId))!.refundedSen).toBe(20000);
  });

  it('refuses a refund by hand of an appointment nobody paid for', async () => {
    const { userId } = await insertOperator(database.db);
    const psychologistId = await insertPsychologist(database.db, userId);
    const appointmentId = await bookSlot(database.db, { userId, psychologistId, slotId: await insertSlot(database.db, psychologistId, new Date(Date.now() + 86_400_000)) });
    const request: RefundRequest = { userId, appointmentId, amountSen: 100, reason: 'by_hand', causeKey: null, note: null, actor: 'clinic', accountId: null };
    await expect(refundPayment(deps(), request)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await refundPayment(deps(), { ...request, amountSen: 'rest', reason: 'clinic_declined', causeKey: `decline:${appointmentId}` })).toEqual({ refunded: false });
  });
});
