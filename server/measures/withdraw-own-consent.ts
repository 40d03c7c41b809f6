import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { measurePlansOf, withdrawMeasurePlan } from '../../db/repositories/measure-plans';
import { inTransaction } from '../../db/transaction';
import { findOwnAppointment } from '../appointments/own-appointment';
import type { RequestContext } from '../context';

export const ZMeasuresWithdrawal = z.object({
  /** When the client withdrew their consent to repeat measures; null when they were never enrolled from this booking. */
  withdrawnAt: z.date().nullable(),
});
export type MeasuresWithdrawal = z.output<typeof ZMeasuresWithdrawal>;

/**
 * POST /api/public/appointments/manage/{token}/withdraw-measures: the client withdraws their
 * consent to repeat measures from their private link (issue 30, docs/decisions/0067). The open
 * plan ends, so nothing more is asked, and what it collected is erased at once (no measures are
 * stored yet; when they are, they go here, in this transaction). The plan and the consent's
 * record stay as the proof of both, naming no one. The clinic's audit log records it by the
 * appointment, never by the client's name. Withdrawing again, or without a plan, changes
 * nothing and answers the same.
 */
export async function withdrawOwnMeasures(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<MeasuresWithdrawal> {
  const appointment = await findOwnAppointment(ctx.db, token);
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    if (!(await withdrawMeasurePlan(trx, appointment.id, now))) return;
    await recordAudit(trx, { userId: appointment.userId, actor: 'visitor', action: 'measures.withdrawn', subjectId: appointment.id, at: now });
  });
  const withdrawals = (await measurePlansOf(ctx.db, appointment.id)).flatMap((plan) => (plan.withdrawnAt ? [plan.withdrawnAt] : []));
  return { withdrawnAt: withdrawals.at(-1) ?? null };
}
