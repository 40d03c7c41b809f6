import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { findPaymentOfAppointment, insertAppointmentPayment } from '../../db/repositories/appointment-payments';
import { findAppointmentOf } from '../../db/repositories/appointments';
import { type BookingPaymentTerms, findBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import { isUniqueViolation } from '../../db/unique-violation';
import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import { PAYMENT_CURRENCY, PAYMENT_MODES, policySummary } from '../../domain/payment-policy';
import type { RequestContext } from '../context';
import type { Env } from '../env';
import { AppError, NotFoundError } from '../errors';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { entityId } from '../zod-fields';
import { createBookingPaymentIntent } from './create-booking-payment-intent';
import { ZSessionPlace } from '../session-places/session-place-fields';

/** The policy in amounts, as the visitor reads it before paying; the client words it in en/ms. */
export const ZPolicySummary = z.object({
  mode: z.enum(PAYMENT_MODES),
  priceSen: z.number().int(),
  dueAtBookingSen: z.number().int(),
  /** Cancelling more than this many hours before the session refunds everything. */
  fullRefundUntilHours: z.number().int(),
  /** What a later cancel or a no-show keeps of the payment. */
  lateCancelKeepsSen: z.number().int(),
  currency: z.literal(PAYMENT_CURRENCY),
});

/** What the booking dialog's payment step needs; the amount is the server's, fixed when the booking was made. */
export const ZBookingPaymentStep = z.object({
  amountSen: z.number().int(),
  /** A deposit, or the session's full price. */
  kind: z.enum(['deposit', 'full']),
  /** The PaymentIntent's client secret: the one intent of this booking, however often asked. */
  clientSecret: z.string(),
  publishableKey: z.string(),
  /** The clinic's connected account: the charge is made on it (direct charge). */
  stripeAccount: z.string(),
  holdExpiresAt: z.date(),
  policy: ZPolicySummary,
});
export type BookingPaymentStep = z.output<typeof ZBookingPaymentStep>;

/** POST /api/public/booking-payments/{appointmentId}, body `{ token }`: the token the booking answered with. */
export const ZBookingPaymentRequest = z.object({
  appointmentId: entityId('appointment'),
  token: z.string().trim().min(1).max(128),
  /**
   * Where the booking stands, without its payment step: the embed's frame reads it every few
   * seconds while the pop-up pays (docs/decisions/0062). It asks Stripe nothing, so the bound
   * on asking the step again does not count it.
   */
  statusOnly: z.boolean().default(false),
});

/**
 * Where the booking is now, what the dialog shows of it once paid (the time and the psychologist,
 * nothing of the visitor), and its payment step while the hold waits for a payment (null after).
 */
export const ZBookingPaymentState = z.object({
  status: z.enum(APPOINTMENT_STATUSES),
  psychologistName: z.string(),
  startUtc: z.date(),
  endUtc: z.date(),
  place: ZSessionPlace.nullable(),
  /** Until when the hold waits for its payment; null once the booking left the hold. */
  holdExpiresAt: z.date().nullable(),
  /** Null after the hold, and when only the status was asked. */
  payment: ZBookingPaymentStep.nullable(),
});
export type BookingPaymentState = z.output<typeof ZBookingPaymentState>;

/**
 * The booker's token for the payment step of their hold: an HMAC of the appointment's id under
 * the server's secret, answered only to the browser that booked. It opens the payment step and
 * the booking's status, nothing else: not the manage page, whose link goes by e-mail.
 */
export function paymentTokenOf(env: Pick<Env, 'sessionSecret'>, appointmentId: string): string {
  return createHmac('sha256', env.sessionSecret).update(`appointment-payment:${appointmentId}`).digest('base64url');
}

type StepDeps = Pick<RequestContext, 'db' | 'billing' | 'now'>;

/**
 * The payment step of a hold: its PaymentIntent, created once (Stripe's idempotency key is the
 * appointment's, so a resume after a redirect or a retry after a decline answers the same intent)
 * and recorded once (its id is UNIQUE), so the webhook finds it.
 */
export async function paymentStepOf(deps: StepDeps, terms: BookingPaymentTerms, hold: { holdExpiresAt: Date; cancellationNoticeHours: number }): Promise<BookingPaymentStep> {
  if (deps.billing.mode === 'test') throw new Error('A paid booking was made on a server without Stripe');
  const intent = await createBookingPaymentIntent(deps.billing.stripe.paymentIntents, {
    appointmentId: terms.appointmentId,
    connectedAccountId: terms.stripeAccountId,
    amountSen: terms.amountSen,
    methods: terms.paymentMethods,
    platformFeeSen: terms.platformFeeSen,
  }).catch((error: unknown) => {
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.payments.paymentUnavailable(), { cause: error });
  });
  await recordIntent(deps, terms, intent.id);
  return {
    amountSen: terms.amountSen,
    kind: terms.amountSen < terms.priceSen ? 'deposit' : 'full',
    clientSecret: intent.clientSecret,
    publishableKey: deps.billing.publishableKey,
    stripeAccount: terms.stripeAccountId,
    holdExpiresAt: hold.holdExpiresAt,
    policy: policySummary(terms.policy, terms.priceSen, hold.cancellationNoticeHours),
  };
}

/** Records the booking's PaymentIntent unless it is already: a second request at the same moment loses on its UNIQUE id. */
export async function recordIntent(
  deps: Pick<StepDeps, 'db' | 'now'>,
  terms: Pick<BookingPaymentTerms, 'appointmentId' | 'userId' | 'stripeAccountId' | 'amountSen'>,
  paymentIntentId: string,
): Promise<void> {
  if (await findPaymentOfAppointment(deps.db, terms.userId, terms.appointmentId)) return;
  const payment = { appointmentId: terms.appointmentId, userId: terms.userId, stripeAccountId: terms.stripeAccountId, paymentIntentId, amountSen: terms.amountSen, now: deps.now() };
  await insertAppointmentPayment(deps.db, payment).catch((error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
  });
}

/**
 * The payment step again, for the browser that booked: after FPX's or GrabPay's redirect, after
 * a reload, or after a decline. While the hold lasts it answers the same PaymentIntent; after,
 * or when only the status is asked, where the booking stands (the embed's frame reads it while
 * the pop-up pays). Asking the step may ask Stripe, so it is bounded per appointment: only the
 * booker holds its token, so the bound refuses no one else. The status reads, which a page asks
 * every few seconds while the webhook is awaited, are bounded per address instead, well above a
 * visitor's polling (rate-limit-rules.ts).
 */
export async function bookingPayment(
  ctx: Pick<RequestContext, 'db' | 'dialect' | 'env' | 'billing' | 'now' | 'rateLimits' | 'ip'>,
  { appointmentId, token, statusOnly }: z.output<typeof ZBookingPaymentRequest>,
): Promise<BookingPaymentState> {
  // Counted before the token is checked: wrong tokens flood as well as right ones.
  if (statusOnly) await enforceRateLimits(ctx, [['bookingPaymentStatusPerIp', ctx.ip]]);
  const expected = Buffer.from(paymentTokenOf(ctx.env, appointmentId));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotFoundError('appointment');
  if (!statusOnly) await enforceRateLimits(ctx, [['bookingPaymentPerAppointment', appointmentId]]);
  const terms = await findBookingPaymentTerms(ctx.db, appointmentId);
  const appointment = terms && (await findAppointmentOf(ctx.db, terms.userId, appointmentId));
  if (!terms || !appointment) throw new NotFoundError('appointment');
  const waiting = appointment.status === 'held' && appointment.holdExpiresAt !== null && appointment.holdExpiresAt > ctx.now();
  const hold = { holdExpiresAt: appointment.holdExpiresAt!, cancellationNoticeHours: appointment.psychologist.cancellationNoticeHours };
  const { status, startUtc, endUtc, place } = appointment;
  const payment = waiting && !statusOnly ? await paymentStepOf(ctx, terms, hold) : null;
  return { status, psychologistName: appointment.psychologist.name, startUtc, endUtc, place, holdExpiresAt: waiting ? hold.holdExpiresAt : null, payment };
}
