import { z } from 'zod';
import { findAppointmentOf } from '../../db/repositories/appointments';
import { recordAudit } from '../../db/repositories/audit-log';
import { endMeasurePlan, measurePlansOf } from '../../db/repositories/measure-plans';
import { withdrawWhatsappOfKinds } from '../../db/repositories/whatsapp-outbox';
import { MEASURE_WHATSAPP_KINDS } from '../../domain/whatsapp-messages';
import { inTransaction } from '../../db/transaction';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { refuseOutsideProfile } from '../members/profile-scope';
import { entityId } from '../zod-fields';

/** POST /api/appointments/{appointmentId}/measure-plan/end */
export const ZEndMeasurePlanRequest = z.object({ appointmentId: entityId('appointment') });

export const ZEndedMeasurePlan = z.object({
  endedAt: z.date(),
  /** False when the plan had already been ended (by a colleague a moment before): nothing changed. */
  endedNow: z.boolean(),
});
export type EndedMeasurePlan = z.output<typeof ZEndedMeasurePlan>;

/**
 * The appointment's psychologist, an admin or the owner ends its client's repeat measures (issue
 * 30, docs/decisions/0067): no more are sent or reminded of (their WhatsApp messages still
 * waiting are withdrawn), and a measure still waiting can no
 * longer be answered; what was collected stays, under the retention rules, and the client may
 * still withdraw and erase it from their link. Audited as `measures.ended`. Ending a plan that
 * was just ended answers its end and changes nothing, as a second acknowledgement of an alert does.
 */
export async function endClientMeasurePlan(
  ctx: Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>,
  { appointmentId }: { appointmentId: string },
): Promise<EndedMeasurePlan> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  const endedNow = await inTransaction(ctx.db, async (trx) => {
    const appointment = await findAppointmentOf(trx, userId, appointmentId);
    if (!appointment) throw new NotFoundError('appointment');
    refuseOutsideProfile(ctx.member, appointment.psychologist.id, 'appointment');
    if (!(await endMeasurePlan(trx, userId, appointmentId, now))) return false;
    await withdrawWhatsappOfKinds(trx, appointmentId, MEASURE_WHATSAPP_KINDS);
    await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: 'measures.ended', subjectId: appointmentId, at: now });
    return true;
  });
  if (endedNow) return { endedAt: now, endedNow };
  // Read after the transaction: MySQL's snapshot inside it predates a colleague's end that this
  // call's UPDATE waited for, and would call the plan never ended.
  const latest = (await measurePlansOf(ctx.db, appointmentId)).at(-1);
  if (latest?.endedAt && !latest.withdrawnAt) return { endedAt: latest.endedAt, endedNow };
  throw new AppError('CONFLICT', (t) => t.errors.measures.notEnrolled());
}
