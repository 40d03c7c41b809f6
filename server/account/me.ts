import { z } from 'zod';
import { isOwnerEmailVerified } from '../../db/repositories/email-verifications';
import { listClinicsOf } from '../../db/repositories/memberships';
import { ROLES } from '../../domain/roles';
import type { OperatorContext } from '../context';
import { ZAccount } from './account';

/** GET /api/me: the signed-in person, their role in the session's clinic, and their other clinics to switch to. */
export const ZMe = ZAccount.extend({
  clinicId: z.string(),
  role: z.enum(ROLES),
  /** A psychologist's own profile, the only one they see. */
  psychologistId: z.string().nullable(),
  /** The clinic requires two-factor sign-in and this person has not turned it on: only the set-up is open. */
  twoFactorSetupRequired: z.boolean(),
  /** The clinic's owner verified their e-mail: until then the clinic cannot invite anyone or register a webhook. */
  ownerEmailVerified: z.boolean(),
  clinics: z.array(z.object({ clinicId: z.string(), name: z.string(), role: z.enum(ROLES) })),
});
export type Me = z.output<typeof ZMe>;

export async function me(ctx: Pick<OperatorContext, 'db' | 'admin' | 'member'>): Promise<Me> {
  const { member } = ctx;
  return {
    id: member.accountId,
    username: member.username,
    email: member.email,
    clinicId: ctx.admin.id,
    role: member.role,
    psychologistId: member.psychologistId,
    twoFactorSetupRequired: member.twoFactorSetupRequired,
    ownerEmailVerified: await isOwnerEmailVerified(ctx.db, ctx.admin.id),
    clinics: await listClinicsOf(ctx.db, member.accountId),
  };
}
