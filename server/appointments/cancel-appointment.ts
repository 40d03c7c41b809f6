import { z } from 'zod';
import { entityId } from '../zod-fields';
import { findAppointmentOf, lockAppointment, moveAppointment } from '../../db/repositories/appointments';
import { inTransaction } from '../../db/transaction';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { enqueueCancellationEmails } from './booking-notifications';
import type { AdminAppointment } from './admin-appointment';
import { toAdminAppointment } from './list-appointments';
import { canMove } from '../../domain/appointment-status';
import { recordAppointmentChange } from './record-appointment-change';
import { refuseOutsideProfile } from '../members/profile-scope';
import { enqueueWhatsappCancellations } from '../whatsapp/whatsapp-notices';
import { finishEndingRefund, writeDownEndingRefund } from '../payments/cancel-refund';

/** POST /api/appointments/:appointmentId/cancel */
export const ZCancelAppointmentRequest = z.object({ appointmentId: entityId('appointment') });

/**
 * The operator cancels a booking: the slot is free again for visitors, and the client hears
 * of it by e-mail (and WhatsApp, if they asked) if the appointment was still ahead. Cancelling twice changes nothing and
 * sends no second mail; it does not give back a free booking. A payment is refunded in full, once.
 */
export async function cancelOwnAppointment(
  ctx: Pick<OperatorContext, 'db' | 'env' | 'now' | 'admin' | 'member' | 'billing' | 'log'>,
  { appointmentId }: { appointmentId: string },
): Promise<AdminAppointment> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  const answer = await inTransaction(ctx.db, async (trx) => {
    const appointment = await findAppointmentOf(trx, userId, appointmentId);
    if (!appointment) throw new NotFoundError('appointment');
    refuseOutsideProfile(ctx.member, appointment.psychologist.id, 'appointment');
    // The row lock orders racing changes, so two cancels at once tell the client once and the
    // history records the status each change really left.
    const current = await lockAppointment(trx, appointment.id);
    if (current && canMove(current.status, 'cancelled') && (await moveAppointment(trx, appointment.id, 'cancelled', now))) {
      await recordAppointmentChange(trx, { userId, appointmentId: appointment.id, actor: 'clinic', from: current.status, to: 'cancelled', at: now });
      await writeDownEndingRefund(trx, { userId, appointment, cause: 'clinic_cancelled', actor: 'clinic', accountId: ctx.member.accountId, at: now });
      const stillAhead = appointment.endUtc > now ? [appointment] : [];
      await enqueueCancellationEmails(trx, { userId, appointments: stillAhead }, { env: ctx.env, now });
      await enqueueWhatsappCancellations(trx, { userId, appointments: stillAhead }, { env: ctx.env, now });
    }
    return toAdminAppointment((await findAppointmentOf(trx, userId, appointmentId))!, ctx.member);
  });
  await finishEndingRefund(ctx, { userId, appointmentId });
  return answer;
}
