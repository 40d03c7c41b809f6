import { z } from 'zod';
import { findAppointmentByTokenHash, forgetSharedResults, lockAppointment, moveAppointment, recordCancelReason } from '../../db/repositories/appointments';
import { findBookingCounter } from '../../db/repositories/users';
import { inTransaction } from '../../db/transaction';
import { canMove } from '../../domain/appointment-status';
import { MAX_CANCEL_REASON_LENGTH } from '../../domain/visitor-changes';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';
import { translationsFor } from '../translations';
import { enqueueVisitorChangeEmails } from './booking-notifications';
import { cancellableUntil, findOwnAppointment, type OwnAppointment, toOwnAppointment, ZManageTokenRequest } from './own-appointment';
import { recordAppointmentChange } from './record-appointment-change';
import { enqueueWhatsappNotice } from '../whatsapp/whatsapp-notices';
import { findBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import { finishEndingRefund, writeDownEndingRefund } from '../payments/cancel-refund';
import { mailPaymentOf } from '../payments/own-payment';

/** POST /api/public/appointments/manage/{token}/cancel, body `{ reason? }`: why, if the visitor wants to say. */
export const ZCancelOwnBookingRequest = ZManageTokenRequest.extend({
  reason: z
    .string()
    .trim()
    .max(MAX_CANCEL_REASON_LENGTH, { error: fieldMessage('atMostCharacters', { max: MAX_CANCEL_REASON_LENGTH }) })
    .optional(),
});

/**
 * POST /api/public/appointments/manage/{token}/cancel: the visitor cancels through their private
 * link, up to the psychologist's cancellation notice (a paid booking up to its start, its refund
 * by the policy: refund-payment.ts through cancel-refund.ts). The slot is free at once. The visitor gets
 * the calendar entry that removes it; the psychologist and the clinic hear of it when the booking
 * had reached them (not for a hold). Racing the clinic's answer, the appointment's row lock
 * orders the two: a cancel after a confirmation cancels the confirmed appointment, and the history
 * records each change from the status it really left.
 */
export async function cancelOwnBooking(
  ctx: Pick<RequestContext, 'db' | 'env' | 'now' | 'billing' | 'log'>,
  { token, reason }: { token: string; reason?: string },
): Promise<OwnAppointment> {
  const now = ctx.now();
  const seen = await findOwnAppointment(ctx.db, token);
  const refusal = translationsFor(seen.client.language).booking;
  if (!canMove(seen.status, 'cancelled')) throw new AppError('CONFLICT', refusal.cannotCancel());
  // A paid booking may be cancelled until it starts: inside the notice, its policy keeps its part.
  const paid = (await findBookingPaymentTerms(ctx.db, seen.id)) !== undefined;
  if (now >= cancellableUntil(seen, paid)) throw new AppError('CONFLICT', refusal.insideNotice());

  await inTransaction(ctx.db, async (trx) => {
    const current = await lockAppointment(trx, seen.id);
    if (!current || !canMove(current.status, 'cancelled') || !(await moveAppointment(trx, seen.id, 'cancelled', now))) {
      throw new AppError('CONFLICT', refusal.cannotCancel());
    }
    await recordAppointmentChange(trx, { userId: seen.userId, appointmentId: seen.id, actor: 'visitor', from: current.status, to: 'cancelled', at: now });
    await writeDownEndingRefund(trx, { userId: seen.userId, appointment: seen, cause: 'visitor_cancelled', actor: 'visitor', accountId: null, at: now });
    const clinicKnows = current.status !== 'held';
    // A hold never reached the clinic: its shared results and the visitor's reason are kept for no one.
    if (!clinicKnows) await forgetSharedResults(trx, seen.id);
    else if (reason) await recordCancelReason(trx, seen.id, reason);
    const cancelled = (await findAppointmentByTokenHash(trx, hashSecretToken(token)))!;
    const { operatorEmail } = (await findBookingCounter(trx, seen.userId))!;
    // The payment as it stands after the refund written down above: the mail says what comes back.
    const payment = await mailPaymentOf(trx, cancelled, now);
    await enqueueVisitorChangeEmails(trx, { userId: seen.userId, facts: cancelled, operatorEmail, clinicKnows, payment }, { env: ctx.env, now });
    // A hold's number is a stranger's word until the e-mail is confirmed: no message to it before.
    if (clinicKnows) await enqueueWhatsappNotice(trx, 'booking_cancelled', { userId: seen.userId, appointment: cancelled }, { env: ctx.env, now });
  });
  await finishEndingRefund(ctx, { userId: seen.userId, appointmentId: seen.id });
  // Read after Stripe was asked, so the answer says whether the refund was made or still waits for Stripe.
  return toOwnAppointment(ctx.db, (await findAppointmentByTokenHash(ctx.db, hashSecretToken(token)))!, now);
}
