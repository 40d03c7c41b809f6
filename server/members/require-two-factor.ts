import { z } from 'zod';
import { findTwoFactor } from '../../db/repositories/two-factor';
import { updateTwoFactorRequirement } from '../../db/repositories/users';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';
import { readTeam, type Team, type TeamContext } from './team';

export const ZRequireTwoFactorRequest = z.object({ required: z.boolean({ error: fieldMessage('trueOrFalse') }) });

/**
 * PUT /api/two-factor/requirement: the owner requires two-factor sign-in of every member, or no
 * longer does. Members without it are then held to its set-up at their next call (server/trpc/init.ts).
 * The owner turns on their own first, as GitHub asks of an organisation's owner: requiring it
 * would otherwise hold the owner to the set-up at once, this switch included.
 */
export async function requireTwoFactor(ctx: TeamContext, { required }: z.output<typeof ZRequireTwoFactorRequest>): Promise<Team> {
  if (required && !(await findTwoFactor(ctx.db, ctx.member.accountId))?.enabledAt) {
    throw new AppError('CONFLICT', (t) => t.errors.twoFactor.ownFirst());
  }
  await updateTwoFactorRequirement(ctx.db, ctx.admin.id, required);
  return readTeam(ctx);
}
