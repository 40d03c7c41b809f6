import { enqueueEmail } from '../../db/repositories/email-outbox';
import { inTransaction } from '../../db/transaction';
import { insertResetToken } from '../../db/repositories/password-reset-tokens';
import { findOperatorByEmail } from '../../db/repositories/users';
import { passwordResetEmail } from '../mail/account-emails';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import type { AccountContext } from './account';
import type { RequestPasswordResetRequest } from './account.schema';
import { hashSecretToken, newSecretToken } from '../auth/secret-tokens';
import { RESET_LINK_LIFETIME_MS } from './reset-tokens';

/**
 * Answers at once and queues the reset link after: the answer is the same, and comes as fast,
 * whether or not an account has this e-mail, so the form cannot be used to find out who has
 * one. The link is written to the durable outbox within moments; a failure is logged (without
 * the address) and the operator can ask again.
 */
export async function requestPasswordReset(ctx: AccountContext, input: RequestPasswordResetRequest): Promise<{ ok: true }> {
  await enforceRateLimits(ctx, [
    ['passwordResetPerIp', ctx.ip],
    ['passwordResetPerEmail', input.email],
  ]);
  queueResetLink(ctx, input.email).catch((error: unknown) => {
    // Only the error's kind: a driver's message may quote the address or the link.
    ctx.log.error({ errorName: error instanceof Error ? error.name : typeof error }, 'password reset link not queued');
  });
  return { ok: true };
}

async function queueResetLink(ctx: AccountContext, email: string): Promise<void> {
  const operator = await findOperatorByEmail(ctx.db, email);
  if (!operator) return;
  const token = newSecretToken();
  const now = ctx.now();
  // The configured public URL, never the request's Host: a forged Host cannot redirect the link.
  const resetUrl = `${ctx.env.publicUrl}/reset-password?token=${token}`;
  await inTransaction(ctx.db, async (trx) => {
    await insertResetToken(trx, {
      userId: operator.id,
      tokenHash: hashSecretToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
      createdAt: now,
    });
    await enqueueEmail(trx, { kind: 'password-reset', to: operator.email, ...passwordResetEmail('en', { username: operator.username, resetUrl }) }, now);
  });
}
