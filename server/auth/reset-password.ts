import { z } from 'zod';
import { ZNewPassword } from './auth-fields';
import { inTransaction } from '../../db/transaction';
import { claimResetToken, findUsableResetTokenOwner } from '../../db/repositories/password-reset-tokens';
import { findPersonById } from '../../db/repositories/accounts';
import { passwordProblem } from '../../domain/password';
import { hashPassword } from './passwords';
import { AppError } from '../errors';
import type { AccountContext } from '../account/account';
import { replacePassword } from './replace-password';
import { hashSecretToken } from './secret-tokens';

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, 'The reset token is missing').max(512, 'The reset token is too long'),
  password: ZNewPassword,
});
export type ResetPasswordRequest = z.output<typeof ZResetPasswordRequest>;

/**
 * Sets the new password with a reset token, once. It also ends every session of the
 * person, retires their other reset links and mails them a notice of the change.
 */
export async function resetPassword(ctx: Pick<AccountContext, 'db' | 'now' | 'env'>, input: ResetPasswordRequest): Promise<{ ok: true }> {
  const tokenHash = hashSecretToken(input.token);
  // A cheap look first, so a made-up token never costs an argon2 hash.
  const ownerId = await findUsableResetTokenOwner(ctx.db, tokenHash, ctx.now());
  const owner = ownerId && (await findPersonById(ctx.db, ownerId));
  if (!owner) throw new AppError('BAD_REQUEST', (t) => t.errors.invalidResetLink());
  if (passwordProblem(input.password, owner) === 'sameAsAccount') {
    throw new AppError('BAD_REQUEST', (t) => t.account.passwordRules.sameAsAccount());
  }
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const accountId = await claimResetToken(trx, tokenHash, now);
    if (!accountId) throw new AppError('BAD_REQUEST', (t) => t.errors.invalidResetLink());
    // Whoever reset it may not be the one signed in elsewhere: every session ends, none is kept.
    await replacePassword(trx, { env: ctx.env, at: now }, { accountId, passwordHash });
  });
  return { ok: true };
}
