import { z } from 'zod';
import { deleteTwoFactor } from '../../db/repositories/two-factor';
import { ownPasswordIsRight } from '../auth/own-password';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';
import { checkSecondFactor, ZSecondFactorCode } from './check-code';

/** Proof that the person at the keyboard is the member, not someone at a session left open. */
export const ZDisableTwoFactorRequest = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    code: ZSecondFactorCode.optional(),
  })
  .refine((proof) => proof.password !== undefined || proof.code !== undefined, { message: fieldMessage('passwordOrCode'), path: ['password'] });

type DisableContext = Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip' | 'member'>;

/**
 * POST /api/two-factor/disable: with the password or a current code (an app's or a recovery
 * code), the secret, waiting or enabled, and every recovery code are deleted.
 */
export async function disableTwoFactor(ctx: DisableContext, { password, code }: z.output<typeof ZDisableTwoFactorRequest>): Promise<{ ok: true }> {
  if (password !== undefined) {
    if (!(await ownPasswordIsRight(ctx, password))) throw new AppError('BAD_REQUEST', (t) => t.errors.twoFactor.wrongPassword());
  } else if (!(await checkSecondFactor(ctx, ctx.member.accountId, code!))) {
    throw new AppError('BAD_REQUEST', (t) => t.errors.twoFactor.wrongCode());
  }
  await deleteTwoFactor(ctx.db, [ctx.member.accountId]);
  return { ok: true };
}
