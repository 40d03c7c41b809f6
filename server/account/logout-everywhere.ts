import type { Operator } from '../../db/repositories/users';
import { type AdminSession, endEverySession } from '../session';
import type { AccountContext } from './account';

/** Ends every session of the signed-in operator, this one and those on other devices. */
export async function logoutEverywhere(
  ctx: Pick<AccountContext, 'db'> & { admin: Operator; adminSession: AdminSession },
): Promise<{ ok: true }> {
  await endEverySession(ctx, ctx.adminSession, ctx.admin);
  return { ok: true };
}
