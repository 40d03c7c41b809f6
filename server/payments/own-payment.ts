import { z } from 'zod';
import { committedRefundsSen, findPaymentOfAppointment, pendingRefundsSen } from '../../db/repositories/appointment-payments';
import { findBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import type { RequestContext } from '../context';
import { type AppointmentStatus, canMove } from '../../domain/appointment-status';
import { PAYMENT_METHODS, PAYMENT_STATUSES, policySummary, refundOnCancel } from '../../domain/payment-policy';
import { ZPolicySummary } from './booking-payment-step';
import type { MailPayment } from '../mail/booking-emails';

/** The payment as the visitor's manage page shows it: what was paid, how, and what a cancel gives back now. */
export const ZOwnPayment = z.object({
  amountSen: z.number().int(),
  /** pending until Stripe's webhook says it succeeded. */
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** Stripe's receipt of the charge. */
  receiptUrl: z.string().nullable(),
  /** Refunded so far: the refunds Stripe made. */
  refundedSen: z.number().int(),
  /** Refunds written down that Stripe has not yet made (a cancel's, until Stripe answers). */
  refundPendingSen: z.number().int(),
  /** What cancelling now would refund; null when it cannot be cancelled now or nothing was paid. */
  refundIfCancelledNowSen: z.number().int().nullable(),
  /** What the policy keeps of it if cancelled now (inside the notice); null as refundIfCancelledNowSen. */
  keptIfCancelledNowSen: z.number().int().nullable(),
  policy: ZPolicySummary,
});
export type OwnPayment = z.output<typeof ZOwnPayment>;

/** The visitor's own payment, on the terms they booked on; null for a booking paid at the clinic. */
export async function ownPaymentOf(
  db: RequestContext['db'],
  appointment: { id: string; userId: string; status: AppointmentStatus; startUtc: Date; psychologist: { cancellationNoticeHours: number } },
  now: Date,
): Promise<OwnPayment | null> {
  const terms = await findBookingPaymentTerms(db, appointment.id);
  if (!terms) return null;
  const payment = await findPaymentOfAppointment(db, terms.userId, appointment.id);
  const committedSen = payment ? await committedRefundsSen(db, payment.id) : 0;
  const refundPendingSen = payment ? await pendingRefundsSen(db, payment.id) : 0;
  const noticeHours = appointment.psychologist.cancellationNoticeHours;
  const cancellable = payment?.status === 'succeeded' && canMove(appointment.status, 'cancelled') && now < appointment.startUtc;
  const refund = cancellable
    ? refundOnCancel({ policy: terms.policy, cause: 'visitor_cancelled', paidSen: payment.amountSen, refundedSen: committedSen, priceSen: terms.priceSen, startUtc: appointment.startUtc, at: now, cancellationNoticeHours: noticeHours })
    : null;
  return {
    amountSen: terms.amountSen,
    status: payment?.status ?? 'pending',
    method: payment?.method ?? null,
    receiptUrl: payment?.receiptUrl ?? null,
    refundedSen: committedSen - refundPendingSen,
    refundPendingSen,
    refundIfCancelledNowSen: refund?.refundSen ?? null,
    keptIfCancelledNowSen: refund?.keptSen ?? null,
    policy: policySummary(terms.policy, terms.priceSen, noticeHours),
  };
}

/**
 * The payment as the visitor's mails tell it, read in the mail's transaction. `charge` is what
 * Stripe's success event said, for the booking's mails queued before the payment's row records it.
 */
export async function mailPaymentOf(
  db: RequestContext['db'],
  appointment: Parameters<typeof ownPaymentOf>[1],
  now: Date,
  charge?: Pick<MailPayment, 'method' | 'receiptUrl'>,
): Promise<MailPayment | null> {
  const payment = await ownPaymentOf(db, appointment, now);
  return payment && (charge ? { ...payment, status: 'succeeded', ...charge } : payment);
}
