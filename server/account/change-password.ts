import { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import { passwordProblem } from '../../domain/password';
import { ZNewPassword } from '../auth/auth-fields';
import { isOwnPassword } from '../auth/own-password';
import { hashPassword } from '../auth/passwords';
import { replacePassword } from '../auth/replace-password';
import type { OperatorContext } from '../context';
import { AppError, FieldProblem } from '../errors';
import { fieldMessage } from '../field-messages';

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: fieldMessage('required') }).min(1, fieldMessage('required')).max(1024, fieldMessage('atMostCharacters', { max: 1024 })),
  newPassword: ZNewPassword,
});

type ChangePasswordContext = Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'member' | 'adminSession'>;

/**
 * POST /api/account/password: the signed-in person sets a new password, proving with the current
 * one that they are the person, not someone at a session left open. A wrong current password
 * counts toward the account's wrong passwords, as at sign-in. Every other session of theirs ends;
 * this one stays, and they get a notice of the change.
 */
export async function changeOwnPassword(ctx: ChangePasswordContext, input: z.output<typeof ZChangePasswordRequest>): Promise<{ ok: true }> {
  const { accountId } = ctx.member;
  if (passwordProblem(input.newPassword, ctx.member) === 'sameAsAccount') {
    throw new AppError('BAD_REQUEST', (t) => t.account.passwordRules.sameAsAccount());
  }
  if (!(await isOwnPassword(ctx, accountId, input.currentPassword))) throw new FieldProblem('currentPassword', fieldMessage('currentPassword'));
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx.db, (trx) => replacePassword(trx, { env: ctx.env, at: ctx.now() }, { accountId, passwordHash, keep: ctx.adminSession }));
  return { ok: true };
}
