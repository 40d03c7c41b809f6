import { bumpSessionVersion } from '../../db/repositories/users';
import type { AccountContext } from './account';

/**
 * Ends the session. Bumping the session version also revokes copies of this cookie and
 * signs the operator out on every device (docs/decisions/0009a-operator-sessions-and-logout.md). A stale or absent session
 * changes nothing and still answers ok, so logging out twice is harmless.
 */
export async function logout(ctx: Pick<AccountContext, 'db' | 'session'>): Promise<{ ok: true }> {
  const session = await ctx.session();
  if (session.userId && session.sessionVersion !== undefined) {
    await bumpSessionVersion(ctx.db, session.userId, session.sessionVersion);
  }
  session.destroy();
  return { ok: true };
}
