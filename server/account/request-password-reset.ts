import { enqueueEmail } from '../../db/repositories/email-outbox';
import { inTransaction } from '../../db/transaction';
import { insertResetToken } from '../../db/repositories/password-reset-tokens';
import { findOperatorByEmail } from '../../db/repositories/users';
import { passwordResetEmail } from '../mail/account-emails';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import type { AccountContext } from './account';
import type { RequestPasswordResetRequest } from './account.schema';
import { hashResetToken, newResetToken, RESET_LINK_LIFETIME_MS } from './reset-tokens';

/**
 * Queues a reset link for the account with this e-mail. The answer is the same whether or
 * not such an account exists, so the form cannot be used to find out who has one.
 */
export async function requestPasswordReset(ctx: AccountContext, input: RequestPasswordResetRequest): Promise<{ ok: true }> {
  await enforceRateLimits(ctx, [
    ['passwordResetPerIp', ctx.ip],
    ['passwordResetPerEmail', input.email],
  ]);
  const operator = await findOperatorByEmail(ctx.db, input.email);
  if (!operator) return { ok: true };
  const token = newResetToken();
  const now = ctx.now();
  // The configured public URL, never the request's Host: a forged Host cannot redirect the link.
  const resetUrl = `${ctx.env.publicUrl}/reset-password?token=${token}`;
  await inTransaction(ctx.db, async (trx) => {
    await insertResetToken(trx, {
      userId: operator.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
      createdAt: now,
    });
    await enqueueEmail(trx, { kind: 'password-reset', to: operator.email, ...passwordResetEmail('en', { username: operator.username, resetUrl }) }, now);
  });
  return { ok: true };
}
