import { z } from 'zod';
import { findAppointmentOf, moveAppointment } from '../../db/repositories/appointments';
import { inTransaction } from '../../db/transaction';
import { type AppointmentStatus, canMove } from '../../domain/appointment-status';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import type { ClinicAnswer } from '../mail/booking-emails';
import { entityId, nullableText } from '../zod-fields';
import type { AdminAppointment } from './admin-appointment';
import { enqueueAnsweredEmail } from './booking-notifications';
import { toAdminAppointment } from './list-appointments';
import { recordAppointmentChange } from './record-appointment-change';
import { refuseOutsideProfile } from '../members/profile-scope';

/** POST /api/appointments/:appointmentId/{confirm,decline,complete,no-show}, body `{ message? }`. */
export const ZAnswerAppointmentRequest = z.object({
  appointmentId: entityId('appointment'),
  /** A word to the visitor, sent in their e-mail. */
  message: nullableText(1000, 'several lines'),
});
export type AnswerAppointmentRequest = z.output<typeof ZAnswerAppointmentRequest>;

/**
 * The clinic answers a request (confirms or declines it) or records how a confirmed session went
 * (completed or no-show). The status guard settles a race with the visitor (a cancel at the same
 * moment): one of them wins, the other is refused with the status as it now is. The visitor hears
 * of every answer by e-mail, in their language; a declined request frees its slot.
 */
export async function answerAppointment(
  ctx: Pick<OperatorContext, 'db' | 'env' | 'now' | 'admin' | 'member'>,
  status: ClinicAnswer,
  { appointmentId, message }: AnswerAppointmentRequest,
): Promise<AdminAppointment> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const appointment = await findAppointmentOf(trx, userId, appointmentId);
    // A hold is not the clinic's to answer until the visitor confirms it.
    if (!appointment || appointment.status === 'held' || appointment.status === 'expired') throw new NotFoundError('appointment');
    refuseOutsideProfile(ctx.member, appointment.psychologist.id, 'appointment');
    // The status as the admin list names it, and the answer, both in the caller's language.
    const refuse = (current: AppointmentStatus) =>
      new AppError('CONFLICT', (t) => t.errors.appointmentCannotMove({ status: t.admin.appointments.statuses[current](), action: t.errors.appointmentAnswers[status]() }));
    if (!canMove(appointment.status, status)) throw refuse(appointment.status);
    if (!(await moveAppointment(trx, appointment.id, status, now))) {
      throw refuse((await findAppointmentOf(trx, userId, appointmentId))!.status);
    }
    await recordAppointmentChange(trx, { userId, appointmentId: appointment.id, actor: 'clinic', from: appointment.status, to: status, at: now });
    const answered = (await findAppointmentOf(trx, userId, appointmentId))!;
    await enqueueAnsweredEmail(trx, { userId, facts: answered, status, message: message ?? undefined }, { env: ctx.env, now });
    return toAdminAppointment(answered, ctx.member);
  });
}
