import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { acknowledgeAlert, lockAlertOf } from '../../db/repositories/measure-alerts';
import { inTransaction } from '../../db/transaction';
import { ALERT_NOTE_MAX } from '../../domain/measure-alerts';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { refuseOutsideProfile } from '../members/profile-scope';
import { entityId, nullableText } from '../zod-fields';

/** POST /api/measure-alerts/{alertId}/acknowledge */
export const ZAcknowledgeAlertRequest = z.object({
  alertId: entityId('measureAlert'),
  /** What the member did or found; health data, so kept on the alert and never in the audit log. */
  note: nullableText(ALERT_NOTE_MAX, 'several lines'),
});
export type AcknowledgeAlertRequest = z.output<typeof ZAcknowledgeAlertRequest>;

export const ZAlertAcknowledgement = z.object({
  /** False when someone had already acknowledged it: this call changed nothing, its note included. */
  acknowledgedNow: z.boolean(),
  acknowledgedAt: z.date(),
  /** Who did: a username, or null for an account since deleted. */
  acknowledgedBy: z.string().nullable(),
});
export type AlertAcknowledgement = z.output<typeof ZAlertAcknowledgement>;

/**
 * The client's psychologist, an admin or the owner acknowledges an alert on a measure (issue 30,
 * docs/decisions/0068), with an optional note. Once: the alert's row is locked while it is read,
 * so of two members acknowledging together one does it and the other is told who did and when.
 * The acknowledgement is audited (who, when, the client's appointment), without the note.
 */
export async function acknowledgeMeasureAlert(
  ctx: Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>,
  input: AcknowledgeAlertRequest,
): Promise<AlertAcknowledgement> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const alert = await lockAlertOf(trx, userId, input.alertId);
    if (!alert) throw new NotFoundError('measureAlert');
    refuseOutsideProfile(ctx.member, alert.psychologistId, 'measureAlert');
    if (alert.acknowledgement) return { acknowledgedNow: false, acknowledgedAt: alert.acknowledgement.at, acknowledgedBy: alert.acknowledgement.by };
    // Guarded all the same: on SQLite the lock is the database's one writer, not the row.
    if (!(await acknowledgeAlert(trx, input.alertId, { accountId: ctx.member.accountId, note: input.note, now }))) throw new Error(`Alert ${input.alertId} was acknowledged under its lock`);
    await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: 'measure-alert.acknowledged', subjectId: alert.appointmentId, at: now });
    return { acknowledgedNow: true, acknowledgedAt: now, acknowledgedBy: ctx.member.username };
  });
}
