import type { z } from 'zod';
import { lockMembersOf, updateMembershipRole } from '../../db/repositories/memberships';
import { inTransaction } from '../../db/transaction';
import { AppError, NotFoundError } from '../errors';
import type { ZMemberIdRequest } from './member-id';
import { readTeam, type Team, type TeamContext } from './team';

/**
 * POST /api/members/:accountId/ownership: the owner hands the clinic over and stays on as an
 * admin. One transaction over the clinic's locked membership rows, so the clinic always has
 * exactly one owner, even when two handovers race.
 */
export async function handOverOwnership(ctx: TeamContext, input: z.output<typeof ZMemberIdRequest>): Promise<Team> {
  await inTransaction(ctx.db, async (trx) => {
    const members = await lockMembersOf(trx, ctx.admin.id);
    const self = members.find((m) => m.accountId === ctx.member.accountId);
    // Ownership already passed (a racing handover): this caller has nothing left to give.
    if (self?.role !== 'owner') throw new AppError('FORBIDDEN', (t) => t.errors.roleNotAllowed());
    const heir = members.find((m) => m.accountId === input.accountId);
    if (!heir || heir.accountId === self.accountId) throw new NotFoundError('member');
    await updateMembershipRole(trx, { accountId: heir.accountId, clinicId: ctx.admin.id, role: 'owner', psychologistId: null });
    await updateMembershipRole(trx, { accountId: self.accountId, clinicId: ctx.admin.id, role: 'admin', psychologistId: null }, { ownerToo: true });
  });
  return readTeam(ctx);
}
