import { findCredentialsByUsername } from '../../db/repositories/users';
import { verifyPasswordOfAccount } from '../auth/passwords';
import { AppError } from '../errors';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { startSession } from '../session';
import { type AccountContext, toAccount } from './account';
import type { Account, LoginRequest } from './account.schema';

/** The same words for an unknown username and a wrong password: neither is revealed. */

export async function login(ctx: AccountContext, input: LoginRequest): Promise<Account> {
  await enforceRateLimits(ctx, [
    ['loginPerIp', ctx.ip],
    ['loginPerAccount', `${ctx.ip} ${input.username}`],
  ]);
  const credentials = await findCredentialsByUsername(ctx.db, input.username);
  const valid = await verifyPasswordOfAccount(credentials?.passwordHash, input.password);
  if (!credentials || !valid) throw new AppError('UNAUTHORIZED', (t) => t.errors.invalidCredentials());
  await startSession(await ctx.session(), credentials.operator);
  return toAccount(credentials.operator);
}
