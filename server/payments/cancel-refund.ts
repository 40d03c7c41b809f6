import type { Transaction } from 'kysely';
import { committedRefundsSen, findPaidPaymentForUpdate } from '../../db/repositories/appointment-payments';
import { findBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import type { Database } from '../../db/schema';
import { type CancelCause, type RefundReason, refundOnCancel } from '../../domain/payment-policy';
import type { RequestContext } from '../context';
import { resumeRefund, writeDownRefund } from './refund-payment';

/** An appointment ends once (cancelled, declined or a no-show), so its ending refunds once: this cause names it. */
const endingCause = (appointmentId: string) => `cancel:${appointmentId}`;

const REASONS: Record<CancelCause, RefundReason> = {
  visitor_cancelled: 'visitor_cancelled',
  // A no-show is the visitor's late cancel: what the policy does not keep goes back.
  no_show: 'visitor_cancelled',
  clinic_declined: 'clinic_declined',
  clinic_cancelled: 'clinic_cancelled',
};

export interface AppointmentEnding {
  userId: string;
  appointment: { id: string; startUtc: Date; psychologist: { cancellationNoticeHours: number } };
  cause: CancelCause;
  actor: 'visitor' | 'clinic';
  accountId: string | null;
  at: Date;
}

/**
 * Inside the transaction that ends a paid appointment: writes down what its policy gives back
 * (decision 0061), on the terms the visitor booked on: everything before the notice period or
 * when the clinic declines or cancels; after it, or for a no-show, all but what the policy keeps.
 * Written with the ending, so a stop before Stripe is asked leaves it for `finishEndingRefund`.
 */
export async function writeDownEndingRefund(trx: Transaction<Database>, ending: AppointmentEnding): Promise<void> {
  const terms = await findBookingPaymentTerms(trx, ending.appointment.id);
  if (!terms) return;
  const payment = await findPaidPaymentForUpdate(trx, ending.userId, ending.appointment.id);
  if (!payment) return;
  const { refundSen } = refundOnCancel({
    policy: terms.policy,
    cause: ending.cause,
    paidSen: payment.amountSen,
    refundedSen: await committedRefundsSen(trx, payment.id),
    priceSen: terms.priceSen,
    startUtc: ending.appointment.startUtc,
    at: ending.at,
    cancellationNoticeHours: ending.appointment.psychologist.cancellationNoticeHours,
  });
  if (refundSen <= 0) return;
  await writeDownRefund(
    trx,
    {
      userId: ending.userId,
      appointmentId: ending.appointment.id,
      amountSen: refundSen,
      reason: REASONS[ending.cause],
      causeKey: endingCause(ending.appointment.id),
      note: null,
      actor: ending.actor,
      accountId: ending.accountId,
    },
    ending.at,
  );
}

/**
 * The clinic's deletions end every paid booking they take along (a slot, a psychologist, the
 * clinic itself): each is refunded in full, as the clinic's own cancel, written down in the
 * deletion's transaction before the appointment's rows go (the payment's rows stay: decision 0062).
 */
export async function writeDownClinicEndings(
  trx: Transaction<Database>,
  ended: { userId: string; appointments: AppointmentEnding['appointment'][]; accountId: string | null; at: Date },
): Promise<void> {
  for (const appointment of ended.appointments) {
    await writeDownEndingRefund(trx, { userId: ended.userId, appointment, cause: 'clinic_cancelled', actor: 'clinic', accountId: ended.accountId, at: ended.at });
  }
}

type EndingDeps = Pick<RequestContext, 'db' | 'billing' | 'now' | 'log'>;

/** Asks Stripe for the ending's refund written down, if any, and settles it; throws when Stripe does not answer. */
export async function refundEndingNow(ctx: EndingDeps, ending: { userId: string; appointmentId: string }): Promise<void> {
  if (ctx.billing.mode === 'test') return;
  await resumeRefund({ db: ctx.db, now: ctx.now, stripe: ctx.billing.stripe }, { ...ending, causeKey: endingCause(ending.appointmentId) });
}

/**
 * After the ending's commit: asks Stripe for the refund written down, under its idempotency key.
 * The ending stands whatever Stripe says; a refund Stripe did not answer stays pending, and a
 * later call with the same cause, or the sweep, finishes it (refund-payment.ts).
 */
export async function finishEndingRefund(ctx: EndingDeps, ending: { userId: string; appointmentId: string }): Promise<void> {
  await refundEndingNow(ctx, ending).catch((error: unknown) => {
    ctx.log.warn({ err: error, appointmentId: ending.appointmentId }, 'the refund of an ended appointment waits for Stripe');
  });
}

/** finishEndingRefund for each appointment a deletion ended, one after another. */
export async function finishEndingRefunds(ctx: EndingDeps, ended: { userId: string; appointmentIds: string[] }): Promise<void> {
  for (const appointmentId of ended.appointmentIds) await finishEndingRefund(ctx, { userId: ended.userId, appointmentId });
}
