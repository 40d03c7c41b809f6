import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { measurePlansOf, withdrawMeasurePlan } from '../../db/repositories/measure-plans';
import { deleteMeasuresOf, findMeasureByTokenHash } from '../../db/repositories/measures';
import { withdrawWhatsappOfKinds } from '../../db/repositories/whatsapp-outbox';
import { MEASURE_WHATSAPP_KINDS } from '../../domain/whatsapp-messages';
import { inTransaction } from '../../db/transaction';
import { findOwnAppointment } from '../appointments/own-appointment';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { measureLinkUnknown } from './answer-measure';

export const ZMeasuresWithdrawal = z.object({
  /** When the client withdrew their consent to repeat measures; null when they were never enrolled from this booking. */
  withdrawnAt: z.date().nullable(),
});
export type MeasuresWithdrawal = z.output<typeof ZMeasuresWithdrawal>;

/**
 * POST /api/public/appointments/manage/{token}/withdraw-measures: the client withdraws their
 * consent to repeat measures from their private link (issue 30, docs/decisions/0067). The open
 * plan ends, so nothing more is asked, and what it collected is erased at once, in the same
 * transaction: its measures with their answers, scores and alerts, and their WhatsApp messages
 * still waiting. The plan and the consent's
 * record stay as the proof of both, naming no one. The clinic's audit log records it by the
 * appointment, never by the client's name. Withdrawing again, or without a plan, changes
 * nothing and answers the same.
 */
export async function withdrawOwnMeasures(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<MeasuresWithdrawal> {
  const appointment = await findOwnAppointment(ctx.db, token);
  return withdrawMeasuresOf(ctx, { appointmentId: appointment.id, userId: appointment.userId });
}

/**
 * POST /api/public/measures/{token}/withdraw: the same withdrawal from a measure's own link, which
 * the measure's page offers beside the consent's text. Once withdrawn the measures are gone, so
 * the link is unknown from then on.
 */
export async function withdrawByMeasureLink(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<MeasuresWithdrawal> {
  const measure = await findMeasureByTokenHash(ctx.db, hashSecretToken(token));
  if (!measure) throw measureLinkUnknown();
  return withdrawMeasuresOf(ctx, { appointmentId: measure.appointmentId, userId: measure.userId });
}

async function withdrawMeasuresOf(ctx: Pick<RequestContext, 'db' | 'now'>, appointment: { appointmentId: string; userId: string }): Promise<MeasuresWithdrawal> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    if (!(await withdrawMeasurePlan(trx, appointment.appointmentId, now))) return;
    await deleteMeasuresOf(trx, appointment.appointmentId);
    await withdrawWhatsappOfKinds(trx, appointment.appointmentId, MEASURE_WHATSAPP_KINDS);
    await recordAudit(trx, { userId: appointment.userId, actor: 'visitor', action: 'measures.withdrawn', subjectId: appointment.appointmentId, at: now });
  });
  const withdrawals = (await measurePlansOf(ctx.db, appointment.appointmentId)).flatMap((plan) => (plan.withdrawnAt ? [plan.withdrawnAt] : []));
  return { withdrawnAt: withdrawals.at(-1) ?? null };
}
