import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type AppointmentDetails, findAppointmentOf, moveAppointment } from '../../db/repositories/appointments';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { type AppointmentStatus, statusesBefore } from '../../domain/appointment-status';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import type { ClinicAnswer } from '../mail/booking-emails';
import { entityId, nullableText } from '../zod-fields';
import type { AdminAppointment } from './admin-appointment';
import { countAcceptedBooking, giveBackAllowance, readBookingAllowance } from './booking-allowance';
import { enqueueAnsweredEmail } from './booking-notifications';
import { toAdminAppointment } from './list-appointments';
import { recordAppointmentChange } from './record-appointment-change';
import { refuseOutsideProfile } from '../members/profile-scope';
import { enqueueWhatsappNotice } from '../whatsapp/whatsapp-notices';
import type { CancelCause } from '../../domain/payment-policy';
import { finishEndingRefund, writeDownEndingRefund } from '../payments/cancel-refund';

/** The WhatsApp message of an answer: a request confirmed or declined; how a session went is the clinic's own record. */
const WHATSAPP_OF_ANSWER: Partial<Record<ClinicAnswer, 'booking_confirmed' | 'booking_cancelled'>> = { confirmed: 'booking_confirmed', declined: 'booking_cancelled' };

/** POST /api/appointments/:appointmentId/{confirm,decline,complete,no-show}, body `{ message? }`. */
export const ZAnswerAppointmentRequest = z.object({
  appointmentId: entityId('appointment'),
  /** A word to the visitor, sent in their e-mail. */
  message: nullableText(1000, 'several lines'),
});
export type AnswerAppointmentRequest = z.output<typeof ZAnswerAppointmentRequest>;

type ClinicContext = Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'admin' | 'member' | 'billing' | 'log'>;

/** A change of status the clinic makes: where it leads, from where, and how a refusal names it. */
export interface ClinicChange {
  to: AppointmentStatus;
  from: readonly AppointmentStatus[];
  action: keyof TranslationFunctions['errors']['appointmentAnswers'];
}

/**
 * The clinic moves one of its appointments to another status, and `then` does what follows in
 * the same transaction (counting, mails, blocks). The status guard settles a race with the
 * visitor (a cancel at the same moment): one of them wins, the other is refused with the status
 * as it now is. A hold is not the clinic's to answer until the visitor confirms it. A decline
 * refunds a payment in full, a no-show all but what the policy keeps, each once.
 */
export async function changeAsClinic(
  ctx: ClinicContext,
  change: ClinicChange,
  appointmentId: string,
  then: (trx: Kysely<Database>, changed: AppointmentDetails) => Promise<void>,
): Promise<AdminAppointment> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  const refunding = ENDINGS_REFUNDED[change.to];
  const answer = await inTransaction(ctx.db, async (trx) => {
    const appointment = await findAppointmentOf(trx, userId, appointmentId);
    if (!appointment || appointment.status === 'held' || appointment.status === 'expired') throw new NotFoundError('appointment');
    refuseOutsideProfile(ctx.member, appointment.psychologist.id, 'appointment');
    // The status as the admin list names it, and the answer, both in the caller's language.
    const refuse = (current: AppointmentStatus) =>
      new AppError('CONFLICT', (t) => t.errors.appointmentCannotMove({ status: t.admin.appointments.statuses[current](), action: t.errors.appointmentAnswers[change.action]() }));
    if (!change.from.includes(appointment.status)) throw refuse(appointment.status);
    if (!(await moveAppointment(trx, appointment.id, change.to, now, change.from))) {
      throw refuse((await findAppointmentOf(trx, userId, appointmentId))!.status);
    }
    await recordAppointmentChange(trx, { userId, appointmentId: appointment.id, actor: 'clinic', from: appointment.status, to: change.to, at: now });
    const changed = (await findAppointmentOf(trx, userId, appointmentId))!;
    // Before `then`, so that the visitor's mail it queues tells what comes back.
    if (refunding) await writeDownEndingRefund(trx, { userId, appointment: changed, cause: refunding, actor: 'clinic', accountId: ctx.member.accountId, at: now });
    await then(trx, changed);
    return toAdminAppointment(changed, ctx.member);
  });
  if (refunding) await finishEndingRefund(ctx, { userId, appointmentId });
  return answer;
}

/** The clinic's changes that end a paid booking, and how its policy refunds them (decision 0061). */
const ENDINGS_REFUNDED: Partial<Record<AppointmentStatus, CancelCause>> = { declined: 'clinic_declined', no_show: 'no_show' };

/**
 * The clinic answers a request (confirms or declines it) or records how a confirmed session went
 * (completed or no-show). Confirming counts the booking toward the free allowance, and is
 * refused, the request left waiting, when the free bookings are used up; declining gives back
 * what the booking had counted (docs/decisions/0038). The visitor hears of every answer by
 * e-mail, in their language, and of a confirmation or a decline by WhatsApp too when they asked;
 * a declined request frees its slot.
 */
export function answerAppointment(ctx: ClinicContext, status: ClinicAnswer, { appointmentId, message }: AnswerAppointmentRequest): Promise<AdminAppointment> {
  const userId = ctx.admin.id;
  return changeAsClinic(ctx, { to: status, from: statusesBefore(status), action: status }, appointmentId, async (trx, answered) => {
    if (status === 'confirmed') {
      const { limit } = await readBookingAllowance(trx, userId, ctx.env.freeBookings);
      if (!(await countAcceptedBooking(trx, { userId, appointmentId: answered.id, limit }))) {
        throw new AppError('CONFLICT', (t) => t.errors.freeBookingsUsedToConfirm());
      }
    }
    if (status === 'declined') await giveBackAllowance(trx, { userId, appointmentId: answered.id });
    await enqueueAnsweredEmail(trx, { userId, facts: answered, status, message: message ?? undefined }, { env: ctx.env, now: ctx.now() });
    const notice = WHATSAPP_OF_ANSWER[status];
    if (notice) await enqueueWhatsappNotice(trx, notice, { userId, appointment: answered }, { env: ctx.env, now: ctx.now() });
  });
}
