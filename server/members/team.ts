import { z } from 'zod';
import { listPendingInvitations } from '../../db/repositories/invitations';
import { listMembers } from '../../db/repositories/memberships';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { findTwoFactorRequirement } from '../../db/repositories/users';
import { ASSIGNABLE_ROLES, type AssignableRole, ROLES } from '../../domain/roles';
import type { OperatorContext } from '../context';
import { FieldProblem } from '../errors';
import { fieldMessage } from '../field-messages';
import { entityId } from '../zod-fields';

/** What the Team section shows (GET /api/members): the members, then the invitations not yet used. */
export const ZTeam = z.object({
  /** Every member must sign in with two factors (PUT /api/two-factor/requirement). */
  twoFactorRequired: z.boolean(),
  members: z.array(
    z.object({
      accountId: z.string(),
      username: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      psychologistId: z.string().nullable(),
      joinedAt: z.date(),
      twoFactorEnabled: z.boolean(),
    }),
  ),
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      psychologistId: z.string().nullable(),
      createdAt: z.date(),
      expiresAt: z.date(),
      /** Its 72 hours are over: resend it for a new link. */
      expired: z.boolean(),
    }),
  ),
});
export type Team = z.output<typeof ZTeam>;

export type TeamContext = Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>;

export async function readTeam(ctx: TeamContext): Promise<Team> {
  const [members, invitations, twoFactorRequired] = await Promise.all([
    listMembers(ctx.db, ctx.admin.id),
    listPendingInvitations(ctx.db, ctx.admin.id),
    findTwoFactorRequirement(ctx.db, ctx.admin.id),
  ]);
  const now = ctx.now().getTime();
  return {
    twoFactorRequired,
    members: members.map(({ clinicId: _clinicId, ...member }) => member),
    invitations: invitations.map(({ clinicId: _clinicId, ...invitation }) => ({ ...invitation, expired: invitation.expiresAt.getTime() <= now })),
  };
}

/** A role the owner gives, with the profile a psychologist is (ignored for the other roles). */
export const ZRoleChoice = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: fieldMessage('oneOf', { values: ASSIGNABLE_ROLES.join(', ') }) }),
  psychologistId: entityId('psychologist').nullish(),
});

/** The profile a new psychologist member is: required, and one of this clinic's. */
export async function profileForRole(
  ctx: Pick<OperatorContext, 'db' | 'admin'>,
  choice: { role: AssignableRole; psychologistId?: string | null | undefined },
): Promise<string | null> {
  if (choice.role !== 'psychologist') return null;
  if (!choice.psychologistId) throw new FieldProblem('psychologistId', fieldMessage('required'));
  if (!(await findPsychologistOf(ctx.db, ctx.admin.id, choice.psychologistId))) {
    throw new FieldProblem('psychologistId', fieldMessage('psychologistId'));
  }
  return choice.psychologistId;
}
