import { z } from 'zod';
import { ZEmail } from './auth-fields';
import { insertPasswordResetRequest } from '../../db/repositories/password-reset-requests';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import type { AccountContext } from '../account/account';

export const ZRequestPasswordResetRequest = z.object({ email: ZEmail });
export type RequestPasswordResetRequest = z.output<typeof ZRequestPasswordResetRequest>;

/**
 * Writes the request down and answers: one insert, the same whether or not an account has this
 * e-mail, so the answer's time tells nobody who has one. A background pass turns it into a link
 * (queue-reset-links.ts); being in the database, it survives a crash or a restart.
 */
export async function requestPasswordReset(
  ctx: AccountContext,
  input: RequestPasswordResetRequest,
): Promise<{ ok: true }> {
  await enforceRateLimits(ctx, [
    ['passwordResetPerIp', ctx.ip],
    ['passwordResetPerEmail', input.email],
  ]);
  await insertPasswordResetRequest(ctx.db, { email: input.email, locale: ctx.locale, requestedAt: ctx.now() });
  return { ok: true };
}
