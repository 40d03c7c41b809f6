import { z } from 'zod';
import { findMembership } from '../../db/repositories/memberships';
import { switchSessionClinic } from '../../db/repositories/operator-sessions';
import { findOperatorById } from '../../db/repositories/users';
import { me, type Me } from '../account/me';
import { hashSecretToken } from '../auth/secret-tokens';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { entityId } from '../zod-fields';

/** PUT /api/session/clinic: which of the person's clinics this session acts on from now. */
export const ZSwitchClinicRequest = z.object({ clinicId: entityId('clinic') });

export async function switchClinic(
  ctx: Pick<OperatorContext, 'db' | 'member' | 'adminSession'>,
  input: z.output<typeof ZSwitchClinicRequest>,
): Promise<Me> {
  const membership = await findMembership(ctx.db, ctx.member.accountId, input.clinicId);
  const clinic = membership && (await findOperatorById(ctx.db, input.clinicId));
  if (!membership || !clinic) throw new AppError('FORBIDDEN', (t) => t.errors.notAMemberOf());
  // memberProcedure let the call in, so the cookie names a live session.
  await switchSessionClinic(ctx.db, hashSecretToken(ctx.adminSession.sessionId!), clinic.id);
  return me({ db: ctx.db, admin: clinic, member: { ...ctx.member, role: membership.role, psychologistId: membership.psychologistId } });
}
