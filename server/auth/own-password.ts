import { findPasswordHash } from '../../db/repositories/accounts';
import { claimPasswordCheck, forgetWrongPasswords, type ThrottleDeps } from './login-throttle';
import { verifyPasswordOfAccount } from './passwords';

/**
 * Whether the signed-in person typed their own password, counted toward their account's wrong
 * passwords as at sign-in: a session left open gives no more guesses than the sign-in form.
 */
export async function isOwnPassword(deps: ThrottleDeps, accountId: string, password: string): Promise<boolean> {
  await claimPasswordCheck(deps, { accountId });
  const right = await verifyPasswordOfAccount(await findPasswordHash(deps.db, accountId), password);
  if (right) await forgetWrongPasswords(deps, { accountId });
  return right;
}
