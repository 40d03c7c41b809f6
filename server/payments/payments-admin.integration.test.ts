import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagDisputed, insertAppointmentPayment, savePaymentStatus } from '../../db/repositories/appointment-payments';
import { findConnectedAccount } from '../../db/repositories/stripe-accounts';
import { bookSlot, insertMember, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { StripeBilling } from '../billing/billing';
import { connectEvent, postStripeEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';
import { signedInAs, signInNewOperator } from '../testing/signed-in-operator';

/** Issue 28's clinic side, after onboarding: a psychologist's own policy, an appointment's payment, a refund by hand. */
describe.each(TEST_DIALECTS)('the clinic’s payments on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  const stripe = () => (t.services.billing as StripeBilling).stripe;
  const audit = (userId: string) =>
    t.services.db.selectFrom('audit_log').select(['action', 'subject_id', 'detail']).where('user_id', '=', userId).where('action', 'in', ['payment-policy.changed', 'payment.refunded']).orderBy('at').execute();
  const FULL = { mode: 'full', deposit: null, lateCancel: { keeps: 'percent', percent: 50 } };

  /** A clinic whose account Stripe approved, with one psychologist. */
  async function approvedClinic() {
    const owner = await signInNewOperator(t);
    await owner.rest('POST', '/api/payments/onboarding');
    const { stripeAccountId } = (await findConnectedAccount(t.services.db, owner.userId))!;
    await postStripeEvent(t.app, connectEvent('account.updated', stripeAccountId, t.stripe.completeOnboarding(stripeAccountId, ['card', 'fpx', 'grabpay'])));
    const psychologistId = await insertPsychologist(t.services.db, owner.userId);
    return { owner, stripeAccountId, psychologistId };
  }

  /** An appointment of the clinic paid RM 200.00 by FPX on its account. */
  async function paidAppointment(clinic: Awaited<ReturnType<typeof approvedClinic>>, start = new Date(Date.now() + 72 * 3_600_000)) {
    const db = t.services.db;
    const { userId } = clinic.owner;
    const appointmentId = await bookSlot(db, { userId, psychologistId: clinic.psychologistId, slotId: await insertSlot(db, clinic.psychologistId, start) });
    const intent = await stripe().paymentIntents.create({ amount: 20000, currency: 'myr' }, { stripeAccount: clinic.stripeAccountId });
    t.stripe.succeedPaymentIntent(intent.id, 'fpx');
    const now = new Date();
    const paymentId = await insertAppointmentPayment(db, { appointmentId, userId, stripeAccountId: clinic.stripeAccountId, paymentIntentId: intent.id, amountSen: 20000, now });
    await savePaymentStatus(db, paymentId, { status: 'succeeded', method: 'fpx', receiptUrl: 'https://pay.stripe.com/receipts/fake', eventAt: now, now });
    return { appointmentId, intentId: intent.id };
  }

  it('gives a psychologist a policy of their own and returns them to the clinic’s, listed with the clinic’s psychologists and audited under their id', async () => {
    const clinic = await approvedClinic();
    const { owner, psychologistId } = clinic;
    const path = `/api/payments/psychologists/${psychologistId}/policy`;
    expect(await owner.rest('PUT', path, { policy: FULL })).toEqual({ status: 200, body: { psychologistId, policy: FULL } });
    const state = await owner.caller.admin.payments.get();
    expect(state.psychologists).toEqual([{ id: psychologistId, name: expect.any(String), policy: FULL }]);
    expect(state).toMatchObject({ platformFeeBasisPoints: 0, policy: { mode: 'off' } });

    expect((await owner.rest('PUT', path, { policy: null })).status).toBe(200);
    expect((await owner.caller.admin.payments.get()).psychologists[0]!.policy).toBeNull();
    expect(await audit(owner.userId)).toEqual([
      { action: 'payment-policy.changed', subject_id: psychologistId, detail: 'mode full, deposit none, late cancel keeps 50%' },
      { action: 'payment-policy.changed', subject_id: psychologistId, detail: 'follows the clinic' },
    ]);
  });

  it('refuses a psychologist’s policy that takes money before the account can take charges, another clinic’s psychologist, and a wrong policy', async () => {
    const owner = await signInNewOperator(t);
    const psychologistId = await insertPsychologist(t.services.db, owner.userId);
    expect((await owner.rest('PUT', `/api/payments/psychologists/${psychologistId}/policy`, { policy: FULL })).status).toBe(409);
    expect((await owner.rest('PUT', `/api/payments/psychologists/${psychologistId}/policy`, { policy: { mode: 'off', deposit: null, lateCancel: { keeps: 'nothing' } } })).status).toBe(200);

    const other = await approvedClinic();
    expect(await other.owner.rest('PUT', `/api/payments/psychologists/${psychologistId}/policy`, { policy: null })).toEqual({ status: 404, body: { error: 'Psychologist not found' } });
    const wrong = await other.owner.rest('PUT', `/api/payments/psychologists/${other.psychologistId}/policy`, { policy: { mode: 'deposit', deposit: null, lateCancel: { keeps: 'nothing' } } });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { 'policy.deposit': [expect.stringContaining('give the deposit')] } } });
    expect((await other.owner.caller.admin.payments.get()).psychologists[0]!.policy).toBeNull();
  });

  it('shows an appointment’s payment, refunds part by hand once however often the same form is sent, audits the reason, then refunds the rest', async () => {
    const clinic = await approvedClinic();
    const { owner } = clinic;
    const paid = await paidAppointment(clinic);
    const paymentPath = `/api/appointments/${paid.appointmentId}/payment`;
    expect(await owner.rest('GET', paymentPath)).toMatchObject({
      status: 200,
      body: { payment: { amountSen: 20000, status: 'succeeded', method: 'fpx', refundedSen: 0, refundableSen: 20000, disputed: false, refunds: [] } },
    });

    const form = { requestId: randomUUID(), amountSen: 5000, reason: 'Session cut short by the clinic' };
    const sent = await Promise.all([1, 2, 3].map(() => owner.rest('POST', `/api/appointments/${paid.appointmentId}/refund`, form)));
    for (const answer of sent) expect(answer.status).toBe(200);
    const refundCalls = () => t.stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds' && call.params.payment_intent === paid.intentId);
    // A second request may reach Stripe before the first one's answer is saved: under the same key, Stripe makes one refund.
    expect(new Set(refundCalls().map((call) => call.headers['idempotency-key'])).size).toBe(1);
    expect(await owner.caller.admin.payments.ofAppointment({ appointmentId: paid.appointmentId })).toMatchObject({
      payment: { refundedSen: 5000, refundableSen: 15000, refunds: [{ amountSen: 5000, reason: 'by_hand', note: form.reason, status: 'succeeded' }] },
    });

    // More than is left is refused, in the visitor's words, and nothing moves.
    const tooMuch = await owner.rest('POST', `/api/appointments/${paid.appointmentId}/refund`, { ...form, requestId: randomUUID(), amountSen: 15001 });
    expect(tooMuch).toEqual({ status: 409, body: { error: 'At most RM150.00 is left to refund of this payment.' } });
    const rest = await owner.rest('POST', `/api/appointments/${paid.appointmentId}/refund`, { requestId: randomUUID(), amountSen: 15000, reason: 'Goodwill' });
    expect(rest).toMatchObject({ status: 200, body: { payment: { refundedSen: 20000, refundableSen: 0 } } });
    expect(new Set(refundCalls().map((call) => call.headers['idempotency-key'])).size).toBe(2);
    expect((await audit(owner.userId)).filter((entry) => entry.action === 'payment.refunded')).toEqual([
      { action: 'payment.refunded', subject_id: paid.appointmentId, detail: 'RM50.00 — Session cut short by the clinic' },
      { action: 'payment.refunded', subject_id: paid.appointmentId, detail: 'RM150.00 — Goodwill' },
    ]);
  });

  it('shows a dispute, answers null for an appointment nobody paid, and refuses a refund without a reason, of nothing, or by a psychologist', async () => {
    const clinic = await approvedClinic();
    const { owner } = clinic;
    const paid = await paidAppointment(clinic);
    await flagDisputed(t.services.db, paid.intentId, new Date());
    expect((await owner.caller.admin.payments.ofAppointment({ appointmentId: paid.appointmentId })).payment).toMatchObject({ disputed: true });

    const unpaid = await bookSlot(t.services.db, { userId: owner.userId, psychologistId: clinic.psychologistId, slotId: await insertSlot(t.services.db, clinic.psychologistId, new Date(Date.now() + 96 * 3_600_000)) });
    expect(await owner.rest('GET', `/api/appointments/${unpaid}/payment`)).toEqual({ status: 200, body: { payment: null } });
    expect(await owner.rest('POST', `/api/appointments/${unpaid}/refund`, { requestId: randomUUID(), amountSen: 100, reason: 'x' })).toEqual({
      status: 409,
      body: { error: 'This appointment has no payment to refund.' },
    });
    const blank = await owner.rest('POST', `/api/appointments/${paid.appointmentId}/refund`, { requestId: randomUUID(), amountSen: 100, reason: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { fields: { reason: ['is required'] } } });

    const psychologist = await signedInAs(t, { userId: (await insertMember(t.services.db, { clinicId: owner.userId, role: 'psychologist', psychologistId: clinic.psychologistId })).accountId });
    expect((await psychologist.rest('POST', `/api/appointments/${paid.appointmentId}/refund`, { requestId: randomUUID(), amountSen: 100, reason: 'x' })).status).toBe(403);
    // Another clinic's appointment is not found.
    const stranger = await signInNewOperator(t);
    expect((await stranger.rest('GET', `/api/appointments/${paid.appointmentId}/payment`)).status).toBe(404);
    expect((await owner.caller.admin.payments.ofAppointment({ appointmentId: paid.appointmentId })).payment).toMatchObject({ refundedSen: 0 });
  });

  it('counts each month’s sessions, payments, refunds and fees kept, and exports the amounts in ringgit.sen', async () => {
    const clinic = await approvedClinic();
    const { owner } = clinic;
    // Sessions that began a minute ago: this month, on the clinic's clock.
    const justNow = new Date(Date.now() - 60_000);
    const held = await paidAppointment(clinic, justNow);
    const missed = await paidAppointment(clinic, new Date(justNow.getTime() + 3_600_000 - 120_000));
    await t.services.db.updateTable('appointments').set({ status: 'completed' }).where('id', '=', held.appointmentId).execute();
    await t.services.db.updateTable('appointments').set({ status: 'no_show' }).where('id', '=', missed.appointmentId).execute();
    const ahead = await paidAppointment(clinic);
    expect((await owner.rest('POST', `/api/appointments/${missed.appointmentId}/refund`, { requestId: randomUUID(), amountSen: 15000, reason: 'Kept the deposit only' })).status).toBe(200);

    const { body } = await owner.rest('GET', '/api/payments/months');
    const { timeZone, months } = body as { timeZone: string; months: { month: string }[] };
    expect(timeZone).toBe('Asia/Kuala_Lumpur');
    expect(months).toHaveLength(12);
    const thisMonth = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    expect(months[0]).toEqual({ month: thisMonth, sessions: 1, payments: 3, paidSen: 60000, refundedSen: 15000, keptSen: 5000 });
    const quiet = (month: string) => ({ month, sessions: 0, payments: 0, paidSen: 0, refundedSen: 0, keptSen: 0 });
    expect(months.slice(1)).toEqual(months.slice(1).map(({ month }) => quiet(month)));

    const csv = (await owner.rest('GET', '/api/appointments/export.csv')).body as string;
    const line = (appointmentId: string) => csv.split('\r\n').find((row) => row.startsWith(`"${appointmentId}"`));
    expect(line(held.appointmentId)).toMatch(/,"200\.00","0\.00","0\.00"$/);
    expect(line(missed.appointmentId)).toMatch(/,"200\.00","150\.00","50\.00"$/);
    expect(line(ahead.appointmentId)).toMatch(/,"200\.00","0\.00","0\.00"$/);
  });
});
