import type { Kysely } from 'kysely';
import { sharedResultsOf } from '../../db/repositories/appointments';
import { recordAudit } from '../../db/repositories/audit-log';
import type { Database } from '../../db/schema';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { refuseOutsideProfile } from '../members/profile-scope';

/**
 * A member opens the repeat measures of an appointment's client (issue 30): refused as shared
 * results are (a colleague's client is a 404, as another clinic's), and the look written to the
 * audit log in the caller's transaction, so none goes unrecorded. Answers the appointment's shared
 * screening, the baseline.
 */
export async function openClientMeasures(
  trx: Kysely<Database>,
  ctx: Pick<OperatorContext, 'admin' | 'member'>,
  look: { appointmentId: string; action: 'measures.viewed' | 'measures.exported'; at: Date },
) {
  const userId = ctx.admin.id;
  const appointment = await sharedResultsOf(trx, userId, look.appointmentId);
  if (!appointment) throw new NotFoundError('appointment');
  refuseOutsideProfile(ctx.member, appointment.psychologistId, 'appointment');
  await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: look.action, subjectId: look.appointmentId, at: look.at });
  return appointment;
}
