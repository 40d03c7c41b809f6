import type { z } from 'zod';
import { deleteMembership } from '../../db/repositories/memberships';
import { deleteSessionsOfMember } from '../../db/repositories/operator-sessions';
import { inTransaction } from '../../db/transaction';
import { NotFoundError } from '../errors';
import { memberOtherThanOwner, type ZMemberIdRequest } from './member-id';
import { readTeam, type Team, type TeamContext } from './team';

/**
 * DELETE /api/members/:accountId: the member leaves the clinic, and their sessions in it end at
 * once. Their account stays, with their other clinics.
 */
export async function removeMember(ctx: TeamContext, input: z.output<typeof ZMemberIdRequest>): Promise<Team> {
  await memberOtherThanOwner(ctx, input.accountId);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await deleteMembership(trx, input.accountId, ctx.admin.id))) throw new NotFoundError('member');
    await deleteSessionsOfMember(trx, input.accountId, ctx.admin.id);
  });
  return readTeam(ctx);
}
