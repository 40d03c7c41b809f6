import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaymentOfAppointment } from '../../db/repositories/appointment-payments';
import { savePsychologistPolicy } from '../../db/repositories/payment-policies';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { HOLD_MINUTES, STATUS_POLL_MS } from '../../domain/appointment-status';
import { NO_PAYMENT_POLICY } from '../../domain/payment-policy';
import { manageTokenOf } from '../appointments/manage-token';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { bookingRequest, hoursFromNow, postBooking } from '../testing/booking-requests';
import { DEPOSIT_KEPT_LATE, insertPaidClinic } from '../testing/paid-clinic';
import { connectEvent, postStripeEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';

/** The booking's answer as JSON: its dates as strings. */
interface BookAppointmentAnswer {
  appointmentId: string;
  status: string;
  holdExpiresAt: string;
  paymentToken: string;
  payment: { clientSecret: string } & Record<string, unknown>;
}

// Issue 28: a booking at a clinic that asks payment starts as a hold with its payment step; the
// amount is the server's, and one PaymentIntent serves every attempt.
describe.each(TEST_DIALECTS)('a paid booking on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  let hours = 24;
  /** A booking of a new slot at the clinic, a day or more ahead. */
  async function book(clinic: Awaited<ReturnType<typeof insertPaidClinic>>) {
    const slotId = await insertSlot(t.services.db, clinic.psychologistId, hoursFromNow(++hours));
    const response = await postBooking(t, bookingRequest(clinic, slotId));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return { slotId, body: response.body as unknown as BookAppointmentAnswer };
  }
  const askStep = (appointmentId: string, token: string, statusOnly?: boolean) =>
    t.app.inject({ method: 'POST', url: `/api/public/booking-payments/${appointmentId}`, headers: { origin: t.services.env.publicUrl }, payload: { token, statusOnly } });
  const intentsOn = (accountId: string) => [...t.stripe.payments.intents.values()].filter((entry) => entry.account === accountId).map((entry) => entry.intent);
  const emailsOf = (appointmentId: string) => t.services.db.selectFrom('email_outbox').select('kind').where('appointment_id', '=', appointmentId).execute();
  const statusOf = async (appointmentId: string) =>
    (await t.services.db.selectFrom('appointments').select('status').where('id', '=', appointmentId).executeTakeFirstOrThrow()).status;

  it('starts as a hold, mails nothing yet, and answers the payment step with the deposit computed on the server', async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE, { methods: ['card', 'fpx'] });
    const before = Date.now();
    const { body } = await book(clinic);
    expect(body.status).toBe('held');
    expect(new Date(body.holdExpiresAt).getTime()).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000 - 1000);
    expect(body.payment).toMatchObject({
      amountSen: 5000,
      kind: 'deposit',
      stripeAccount: clinic.accountId,
      publishableKey: expect.stringMatching(/^pk_/),
      holdExpiresAt: body.holdExpiresAt,
      policy: { mode: 'deposit', priceSen: 12050, dueAtBookingSen: 5000, fullRefundUntilHours: 24, lateCancelKeepsSen: 5000, currency: 'myr' },
    });
    expect(body.paymentToken).toEqual(expect.any(String));
    const [intent] = intentsOn(clinic.accountId);
    expect(intentsOn(clinic.accountId)).toHaveLength(1);
    expect(intent).toMatchObject({ amount: 5000, currency: 'myr', client_secret: body.payment.clientSecret, metadata: { appointmentId: body.appointmentId } });
    expect(intent!.payment_method_types).toEqual(['card', 'fpx']);
    expect(await findPaymentOfAppointment(t.services.db, clinic.userId, body.appointmentId)).toMatchObject({ status: 'pending', amountSen: 5000, paymentIntentId: intent!.id });
    expect(await emailsOf(body.appointmentId)).toEqual([]);
  });

  it("charges by the psychologist's own policy over the clinic's", async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    await savePsychologistPolicy(t.services.db, dialect, {
      userId: clinic.userId,
      psychologistId: clinic.psychologistId,
      policy: { mode: 'full', deposit: null, lateCancel: { keeps: 'nothing' } },
      now: new Date(),
    });
    const { body } = await book(clinic);
    expect(body.payment).toMatchObject({ amountSen: 12050, kind: 'full', policy: { mode: 'full', lateCancelKeepsSen: 0 } });
  });

  it('books as before where the policy is off, and where the account cannot take charges', async () => {
    const off = await insertPaidClinic(t, NO_PAYMENT_POLICY, { clinic: { autoConfirmRequests: true } });
    expect((await book(off)).body).toMatchObject({ status: 'confirmed', payment: null, paymentToken: null });
    const unable = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    await t.services.db.updateTable('clinic_stripe_accounts').set({ charges_enabled: 0 }).where('user_id', '=', unable.userId).execute();
    expect((await book(unable)).body).toMatchObject({ status: 'requested', payment: null, paymentToken: null });
    expect(intentsOn(off.accountId)).toEqual([]);
    expect(intentsOn(unable.accountId)).toEqual([]);
  });

  it('answers the same PaymentIntent every time the step is asked again, concurrent asks included', async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    const { body } = await book(clinic);
    const again = await Promise.all([askStep(body.appointmentId, body.paymentToken), askStep(body.appointmentId, body.paymentToken)]);
    for (const response of again) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'held', payment: { clientSecret: body.payment.clientSecret, amountSen: 5000 } });
    }
    expect(intentsOn(clinic.accountId)).toHaveLength(1);
    const recorded = await t.services.db.selectFrom('appointment_payments').select('id').where('appointment_id', '=', body.appointmentId).execute();
    expect(recorded).toHaveLength(1);
  });

  it("refuses another appointment's token, and a hold's e-mail link: only the payment confirms it", async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    const first = await book(clinic);
    const second = await book(clinic);
    expect((await askStep(first.body.appointmentId, second.body.paymentToken)).statusCode).toBe(404);
    const manageToken = manageTokenOf(t.services.env, first.body.appointmentId);
    const confirm = await t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${manageToken}/confirm-email`, headers: { origin: t.services.env.publicUrl } });
    expect(confirm.statusCode).toBe(409);
    expect(await statusOf(first.body.appointmentId)).toBe('held');
  });

  it('keeps the hold when Stripe does not answer at booking, and gives the step when asked again', async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    t.stripe.failNext('POST', '/v1/payment_intents', 500, 'An unknown error occurred', 3);
    const { body } = await book(clinic);
    expect(body).toMatchObject({ status: 'held', payment: null, paymentToken: expect.any(String) });
    const again = await askStep(body.appointmentId, body.paymentToken);
    expect(again.json()).toMatchObject({ status: 'held', payment: { amountSen: 5000 } });
    expect(intentsOn(clinic.accountId)).toHaveLength(1);
  });

  it("confirms by Stripe's webhook the intent the booking made, tells the clinic's systems once, and then answers no step", async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE, { clinic: { autoConfirmRequests: true } });
    await insertWebhookEndpoint(t.services.db, { userId: clinic.userId, url: 'https://clinic.example/hooks', now: new Date() });
    const { body } = await book(clinic);
    const [intent] = intentsOn(clinic.accountId);
    const event = connectEvent('payment_intent.succeeded', clinic.accountId, structuredClone(t.stripe.payments.settle(intent!.id as string, { type: 'card', succeeded: true })));
    await Promise.all([postStripeEvent(t.app, event), postStripeEvent(t.app, event)]);
    expect(await statusOf(body.appointmentId)).toBe('confirmed');
    const succeeded = await t.services.db.selectFrom('webhook_deliveries').select('id').where('user_id', '=', clinic.userId).where('event_type', '=', 'payment.succeeded').execute();
    expect(succeeded).toHaveLength(1);
    expect((await emailsOf(body.appointmentId)).length).toBeGreaterThan(0);
    expect((await askStep(body.appointmentId, body.paymentToken)).json()).toMatchObject({ status: 'confirmed', psychologistName: 'Dr. Test', payment: null });
  });

  it("bounds the asks of one hold's step, and another hold's step still answers", async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    const flooded = await book(clinic);
    const other = await book(clinic);
    t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, bookingPaymentPerAppointment: { limit: 3, windowMinutes: 30 } };
    try {
      const codes = [];
      for (let ask = 0; ask < 6; ask++) codes.push((await askStep(flooded.body.appointmentId, flooded.body.paymentToken)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
      expect((await askStep(other.body.appointmentId, other.body.paymentToken)).statusCode).toBe(200);
    } finally {
      t.services.rateLimits = DEFAULT_RATE_LIMITS;
    }
    expect(intentsOn(clinic.accountId)).toHaveLength(2);
  });

  it("answers the embed's status reads without asking Stripe and outside the step's bound, until the webhook moves the booking", async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    const { body } = await book(clinic);
    const stripeCalls = t.stripe.calls.length;
    t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, bookingPaymentPerAppointment: { limit: 1, windowMinutes: 30 } };
    try {
      for (let read = 0; read < 3; read++) {
        const status = await askStep(body.appointmentId, body.paymentToken, true);
        expect(status.statusCode).toBe(200);
        expect(status.json()).toEqual(expect.objectContaining({ status: 'held', holdExpiresAt: body.holdExpiresAt, payment: null }));
      }
      expect(t.stripe.calls).toHaveLength(stripeCalls);
      // The step itself is still bounded.
      expect((await askStep(body.appointmentId, body.paymentToken)).statusCode).toBe(200);
      expect((await askStep(body.appointmentId, body.paymentToken)).statusCode).toBe(429);
      expect((await askStep(body.appointmentId, 'not-the-token', true)).statusCode).toBe(404);
    } finally {
      t.services.rateLimits = DEFAULT_RATE_LIMITS;
    }
    const [intent] = intentsOn(clinic.accountId);
    await postStripeEvent(t.app, connectEvent('payment_intent.succeeded', clinic.accountId, structuredClone(t.stripe.payments.settle(intent!.id as string, { type: 'card', succeeded: true }))));
    expect((await askStep(body.appointmentId, body.paymentToken, true)).json()).toMatchObject({ status: 'requested', holdExpiresAt: null, payment: null });
  });

  it('bounds the status reads per address: a flood from one address is refused, wrong tokens too, another address still reads, and a polling visitor never meets the bound', async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    const { body } = await book(clinic);
    const read = (remoteAddress: string, token = body.paymentToken) =>
      t.app.inject({ method: 'POST', url: `/api/public/booking-payments/${body.appointmentId}`, remoteAddress, headers: { origin: t.services.env.publicUrl }, payload: { token, statusOnly: true } });
    // The page's poll, every STATUS_POLL_MS for a window, eight times over (eight visitors behind one carrier's address), stays within the bound.
    const { limit, windowMinutes } = DEFAULT_RATE_LIMITS.bookingPaymentStatusPerIp;
    expect(limit).toBeGreaterThanOrEqual((8 * windowMinutes * 60_000) / STATUS_POLL_MS);
    expect(windowMinutes).toBeLessThanOrEqual(HOLD_MINUTES);

    // A flood from one loopback address at one moment: a fixed count, under a tight bound.
    const windowMs = 10 * 60_000;
    t.services.now = () => new Date(Math.ceil(Date.now() / windowMs) * windowMs + 1000);
    t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, bookingPaymentStatusPerIp: { limit: 4, windowMinutes: 10 } };
    try {
      const flood = [];
      for (let ask = 0; ask < 4; ask++) flood.push((await read('127.0.0.32', ask % 2 === 0 ? body.paymentToken : 'not-the-token')).statusCode);
      for (let ask = 0; ask < 3; ask++) flood.push((await read('127.0.0.32')).statusCode);
      expect(flood).toEqual([200, 404, 200, 404, 429, 429, 429]);
      expect((await read('127.0.0.31')).statusCode).toBe(200);
    } finally {
      t.services.now = () => new Date();
      t.services.rateLimits = DEFAULT_RATE_LIMITS;
    }
  });

  it("records from its metadata a paid intent the booking made but did not record, and confirms the booking", async () => {
    const clinic = await insertPaidClinic(t, DEPOSIT_KEPT_LATE);
    const { body } = await book(clinic);
    // As if the process stopped between Stripe's answer and the insert.
    await t.services.db.deleteFrom('appointment_payments').where('appointment_id', '=', body.appointmentId).execute();
    const [intent] = intentsOn(clinic.accountId);
    const paid = structuredClone(t.stripe.payments.settle(intent!.id as string, { type: 'fpx', succeeded: true }));
    await postStripeEvent(t.app, connectEvent('payment_intent.succeeded', clinic.accountId, paid));
    expect(await statusOf(body.appointmentId)).toBe('requested');
    expect(await findPaymentOfAppointment(t.services.db, clinic.userId, body.appointmentId)).toMatchObject({ status: 'succeeded', method: 'fpx', amountSen: 5000 });
  });
});
