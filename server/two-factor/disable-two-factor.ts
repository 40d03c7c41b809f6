import { z } from 'zod';
import { deleteTwoFactor } from '../../db/repositories/two-factor';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';
import { checkSecondFactor, ZSecondFactorCode } from './check-code';

/**
 * Proof that the person at the keyboard still holds the second factor, not only a session left
 * open or a password that may have leaked: a current code from the app, or a recovery code.
 */
export const ZDisableTwoFactorRequest = z.object({
  code: z.string({ error: fieldMessage('secondFactorCode') }).pipe(ZSecondFactorCode),
});

type DisableContext = Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip' | 'member'>;

/**
 * POST /api/two-factor/disable: with a current code (an app's, or a recovery code, which is used
 * up), the secret, waiting or enabled, and every recovery code are deleted. The code is counted
 * like a sign-in's (check-code.ts).
 */
export async function disableTwoFactor(ctx: DisableContext, { code }: z.output<typeof ZDisableTwoFactorRequest>): Promise<{ ok: true }> {
  if (!(await checkSecondFactor(ctx, ctx.member.accountId, code))) throw new AppError('BAD_REQUEST', (t) => t.errors.twoFactor.wrongCode());
  await deleteTwoFactor(ctx.db, [ctx.member.accountId]);
  return { ok: true };
}
