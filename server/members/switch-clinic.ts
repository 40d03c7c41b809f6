import { z } from 'zod';
import { findMembership } from '../../db/repositories/memberships';
import { switchSessionClinic } from '../../db/repositories/operator-sessions';
import { findOperatorById } from '../../db/repositories/users';
import { me, type Me } from '../account/me';
import { hashSecretToken } from '../auth/secret-tokens';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { memberOfSession } from '../session';
import { entityId } from '../zod-fields';

/** PUT /api/session/clinic: which of the person's clinics this session acts on from now. */
export const ZSwitchClinicRequest = z.object({ clinicId: entityId('clinic') });

export async function switchClinic(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'member' | 'adminSession'>,
  input: z.output<typeof ZSwitchClinicRequest>,
): Promise<Me> {
  const membership = await findMembership(ctx.db, ctx.member.accountId, input.clinicId);
  const clinic = membership && (await findOperatorById(ctx.db, input.clinicId));
  if (!membership || !clinic) throw new AppError('FORBIDDEN', (t) => t.errors.notAMemberOf());
  // memberProcedure let the call in, so the cookie names a live session.
  await switchSessionClinic(ctx.db, hashSecretToken(ctx.adminSession.sessionId!), clinic.id);
  // Read back as the next call will find it: the role, and whether that clinic holds the member to the two-factor set-up.
  const switched = await memberOfSession(ctx, ctx.adminSession);
  if (!switched) throw new AppError('FORBIDDEN', (t) => t.errors.notAMemberOf());
  return me({ db: ctx.db, admin: switched.operator, member: switched.member });
}
