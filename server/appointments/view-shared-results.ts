import { z } from 'zod';
import { sharedResultsOf } from '../../db/repositories/appointments';
import { recordAudit } from '../../db/repositories/audit-log';
import { consentsOf } from '../../db/repositories/consents';
import { inTransaction } from '../../db/transaction';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { entityId } from '../zod-fields';
import type { SharedResults } from './shared-results';
import { refuseOutsideProfile } from '../members/profile-scope';

/** GET /api/appointments/{id}/results */
export const ZViewSharedResultsRequest = z.object({ appointmentId: entityId('appointment') });

const ZScale = z.object({ score: z.number(), level: z.string() });

/** What the visitor shared, if anything, and every consent they gave with its exact text. */
export const ZSharedResultsView = z.object({
  sharedResults: z
    .object({
      testType: z.enum(['DASS-21', 'Combined']),
      results: z.record(z.string(), ZScale),
      crisisItemAnswered: z.boolean(),
      /** Each item's answer by question id; absent on bookings made before answers were shared. */
      answers: z.record(z.string(), z.number().int()).optional(),
      followUpResponses: z.array(z.object({ questionId: z.number(), followUpId: z.string(), response: z.string() })).optional(),
    })
    .nullable(),
  consents: z.array(z.object({ kind: z.string(), version: z.string(), language: z.string(), text: z.string(), givenAt: z.date() })),
});
export type SharedResultsView = z.output<typeof ZSharedResultsView>;

/**
 * The clinic opens the results attached to an appointment. Each look is written to the audit
 * log, in the same transaction, so no view goes unrecorded.
 */
export async function viewSharedResults(
  ctx: Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>,
  { appointmentId }: { appointmentId: string },
): Promise<SharedResultsView> {
  const userId = ctx.admin.id;
  return inTransaction(ctx.db, async (trx) => {
    const found = await sharedResultsOf(trx, userId, appointmentId);
    if (!found) throw new NotFoundError('appointment');
    refuseOutsideProfile(ctx.member, found.psychologistId, 'appointment');
    await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: 'results.viewed', subjectId: appointmentId, at: ctx.now() });
    return {
      sharedResults: found.sharedResults === null ? null : (JSON.parse(found.sharedResults) as SharedResults),
      consents: await consentsOf(trx, appointmentId),
    };
  });
}
