import type { z } from 'zod';
import { updateMembershipRole } from '../../db/repositories/memberships';
import { memberOtherThanOwner, ZMemberIdRequest } from './member-id';
import { profileForRole, readTeam, type Team, type TeamContext, ZRoleChoice } from './team';

/** PATCH /api/members/:accountId: another role; it applies to the member's next call, sessions and all. */
export const ZChangeRoleRequest = ZMemberIdRequest.extend(ZRoleChoice.shape);

export async function changeRole(ctx: TeamContext, input: z.output<typeof ZChangeRoleRequest>): Promise<Team> {
  await memberOtherThanOwner(ctx, input.accountId);
  const psychologistId = await profileForRole(ctx, input);
  const membership = { accountId: input.accountId, clinicId: ctx.admin.id, role: input.role, psychologistId };
  // Nothing changed: the member left, or a handover made them owner since the check; say which.
  if (!(await updateMembershipRole(ctx.db, membership))) await memberOtherThanOwner(ctx, input.accountId);
  return readTeam(ctx);
}
