import { z } from 'zod';
import { findTwoFactor } from '../../db/repositories/two-factor';
import { AppError } from '../errors';
import { checkSecondFactor, type CodeCheckContext } from './check-code';

/** The answer of a right password when the account needs a code as well: no session yet. */
export const ZCodeNeeded = z.object({ twoFactorRequired: z.literal(true) });

/**
 * After a right password: whether the sign-in may go on ('passed': the account has no second
 * factor, or the code is right) or must ask for a code first ('codeNeeded'). A wrong code is
 * refused (401) and counted (check-code.ts).
 */
export async function secondSignInStep(ctx: CodeCheckContext, accountId: string, code: string | undefined): Promise<'passed' | 'codeNeeded'> {
  const stored = await findTwoFactor(ctx.db, accountId);
  if (!stored?.enabledAt) return 'passed';
  if (code === undefined) return 'codeNeeded';
  if (!(await checkSecondFactor(ctx, accountId, code))) throw new AppError('UNAUTHORIZED', (t) => t.errors.twoFactor.wrongCode());
  return 'passed';
}
