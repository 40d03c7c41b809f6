import { z } from 'zod';
import { findTwoFactor, replaceRecoveryCodes } from '../../db/repositories/two-factor';
import { inTransaction } from '../../db/transaction';
import { isAuthenticatorCode } from '../../domain/two-factor';
import type { OperatorContext } from '../context';
import { endOtherSessions } from '../session';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';
import { countedCodeCheck, takeAuthenticatorCode } from './check-code';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';

export const ZEnableTwoFactorRequest = z.object({
  code: z.string({ error: fieldMessage('authenticatorCode') }).max(20).refine(isAuthenticatorCode, fieldMessage('authenticatorCode')),
});

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/**
 * POST /api/two-factor/enable: the first code of the waiting secret turns two-factor sign-in
 * on, and the answer holds 10 recovery codes, shown this once; only their hashes are kept.
 * The code is counted like a sign-in's (check-code.ts). Every other session of the person
 * ends with it: those were opened with the password alone.
 */
export async function enableTwoFactor(
  ctx: Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip' | 'member' | 'adminSession'>,
  { code }: z.output<typeof ZEnableTwoFactorRequest>,
): Promise<z.output<typeof ZRecoveryCodes>> {
  const stored = await findTwoFactor(ctx.db, ctx.member.accountId);
  if (!stored) throw new AppError('CONFLICT', (t) => t.errors.twoFactor.noSetup());
  if (stored.enabledAt) throw new AppError('CONFLICT', (t) => t.errors.twoFactor.alreadyOn());
  const recoveryCodes = newRecoveryCodes();
  const enabled = await countedCodeCheck(ctx, ctx.member.accountId, () =>
    // The secret goes on with its recovery codes, or not at all.
    inTransaction(ctx.db, async (trx) => {
      if (!(await takeAuthenticatorCode({ ...ctx, db: trx }, ctx.member.accountId, code, true))) return false;
      await replaceRecoveryCodes(trx, ctx.member.accountId, recoveryCodes.map(hashRecoveryCode));
      await endOtherSessions({ db: trx }, ctx.adminSession, ctx.member.accountId);
      return true;
    }),
  );
  if (!enabled) throw new AppError('BAD_REQUEST', (t) => t.errors.twoFactor.wrongCode());
  return { recoveryCodes };
}
