import { z } from 'zod';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { requiredText } from '../zod-fields';
import { fieldMessage } from '../field-messages';
import { type AppointmentPaymentView, appointmentPayment, refuseUnknownAppointment, ZAppointmentRef } from './appointment-payment';
import { refundPayment } from './refund-payment';
import { MAX_AMOUNT_SEN, wholeNumber } from './set-payment-policy';

/**
 * A refund by hand: part or all of what is left of the payment, with staff's reason. The form
 * draws `requestId` once, when it opens: a double click, a retried request or a second tab
 * sending the same form refund once (the refund's cause is the request), while a second refund
 * is a new form.
 */
export const ZHandRefund = ZAppointmentRef.extend({
  requestId: z.uuid({ error: fieldMessage('refundRequestId') }),
  amountSen: wholeNumber(1, MAX_AMOUNT_SEN),
  reason: requiredText(500),
});

/** The cause of a hand refund: the appointment and the form's request, so one request refunds once. */
export const handRefundCause = (appointmentId: string, requestId: string) => `by-hand:${appointmentId}:${requestId}`;

/**
 * POST /api/appointments/{appointmentId}/refund, for the owner and admins (decision 0061): through
 * refund-payment.ts, the one way money goes back, so it is exactly once, bounded by what is left,
 * and audited with the reason. Psychologists and receptionists may not: the money is the
 * clinic's, and a refund is the business's decision. Answers the payment as it now is.
 */
export async function refundByHand(ctx: Pick<OperatorContext, 'db' | 'now' | 'billing' | 'admin' | 'member'>, request: z.output<typeof ZHandRefund>): Promise<AppointmentPaymentView> {
  await refuseUnknownAppointment(ctx, request.appointmentId);
  // Without Stripe's keys nobody can have paid.
  if (ctx.billing.mode === 'test') throw new AppError('CONFLICT', (t) => t.errors.payments.noPayment());
  await refundPayment({ db: ctx.db, now: ctx.now, stripe: ctx.billing.stripe }, {
    userId: ctx.admin.id,
    appointmentId: request.appointmentId,
    amountSen: request.amountSen,
    reason: 'by_hand',
    causeKey: handRefundCause(request.appointmentId, request.requestId),
    note: request.reason,
    actor: 'clinic',
    accountId: ctx.member.accountId,
  });
  return appointmentPayment(ctx, request);
}
