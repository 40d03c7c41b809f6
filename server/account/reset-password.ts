import { enqueueEmail } from '../../db/repositories/email-outbox';
import { inTransaction } from '../../db/transaction';
import { claimResetToken, isResetTokenUsable, retireResetTokens } from '../../db/repositories/password-reset-tokens';
import { changePassword } from '../../db/repositories/users';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../errors';
import { passwordChangedEmail } from '../mail/account-emails';
import type { AccountContext } from './account';
import type { ResetPasswordRequest } from './account.schema';
import { hashResetToken } from './reset-tokens';

/**
 * Sets the new password with a reset token, once. It also ends every session of the
 * operator, retires their other reset links and mails them a notice of the change.
 */
export async function resetPassword(ctx: Pick<AccountContext, 'db' | 'now' | 'env'>, input: ResetPasswordRequest): Promise<{ ok: true }> {
  const tokenHash = hashResetToken(input.token);
  // A cheap look first, so a made-up token never costs an argon2 hash.
  if (!(await isResetTokenUsable(ctx.db, tokenHash, ctx.now()))) throw new AppError('BAD_REQUEST', (t) => t.errors.invalidResetLink());
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const userId = await claimResetToken(trx, tokenHash, now);
    if (!userId) throw new AppError('BAD_REQUEST', (t) => t.errors.invalidResetLink());
    const operator = await changePassword(trx, userId, passwordHash);
    await retireResetTokens(trx, userId, now);
    const notice = passwordChangedEmail('en', {
      username: operator.username,
      forgotPasswordUrl: `${ctx.env.publicUrl}/forgot-password`,
    });
    await enqueueEmail(trx, { kind: 'password-changed', to: operator.email, ...notice }, now);
  });
  return { ok: true };
}
