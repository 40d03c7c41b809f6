import { findCredentialsByUsername } from '../../db/repositories/accounts';
import type { OperatorContext } from '../context';
import { claimPasswordCheck, forgetWrongPasswords } from './login-throttle';
import { verifyPasswordOfAccount } from './passwords';

/**
 * Whether the signed-in member typed their own password, before a step that a session left open
 * must not allow. A wrong one counts toward the account's wrong passwords, as at sign-in, so the
 * same throttle bounds guessing here.
 */
export async function ownPasswordIsRight(ctx: Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'member'>, password: string): Promise<boolean> {
  await claimPasswordCheck(ctx, ctx.member.username);
  const credentials = await findCredentialsByUsername(ctx.db, ctx.member.username);
  const right = await verifyPasswordOfAccount(credentials?.passwordHash, password);
  if (right) await forgetWrongPasswords(ctx, ctx.member.username);
  return right;
}
