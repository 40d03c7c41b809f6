import { endSession } from '../session';
import type { AccountContext } from '../account/account';

/**
 * Ends this browser's session (docs/decisions/0009a-operator-sessions-and-logout.md). A stale
 * or absent session changes nothing and still answers ok, so logging out twice is harmless.
 */
export async function logout(ctx: Pick<AccountContext, 'db' | 'session'>): Promise<{ ok: true }> {
  await endSession(ctx, await ctx.session());
  return { ok: true };
}
