import type { SessionMember } from '../../db/repositories/operator-sessions';
import { type AdminSession, endEverySession } from '../session';
import type { AccountContext } from './account';

/** Ends every session of the signed-in person, this one and those on other devices, in every clinic. */
export async function logoutEverywhere(
  ctx: Pick<AccountContext, 'db'> & { member: Pick<SessionMember, 'accountId'>; adminSession: AdminSession },
): Promise<{ ok: true }> {
  await endEverySession(ctx, ctx.adminSession, ctx.member.accountId);
  return { ok: true };
}
