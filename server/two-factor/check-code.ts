import type { Kysely } from 'kysely';
import { z } from 'zod';
import { claimTimeStep, findTwoFactor, useRecoveryCode } from '../../db/repositories/two-factor';
import type { Database } from '../../db/schema';
import { isAuthenticatorCode, isRecoveryCode, normaliseCode } from '../../domain/two-factor';
import { claimCheck, forgetWrongAttempts } from '../auth/login-throttle';
import type { RequestContext } from '../context';
import { fieldMessage } from '../field-messages';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { hashRecoveryCode } from './recovery-codes';
import { openSecret } from './sealed-secret';
import { timeStepOfCode } from './totp';

/** A code from the member's authenticator app, or one of their recovery codes. */
export const ZSecondFactorCode = z
  .string()
  .max(40)
  .refine((code) => isAuthenticatorCode(code) || isRecoveryCode(code), fieldMessage('secondFactorCode'));

export type CodeCheckContext = Pick<RequestContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip'>;

/**
 * Takes an authenticator code: right for the stored secret within a step of drift, and of a
 * later time step than the last code taken, so a code seen over a shoulder is useless once
 * used. `enabling` takes the first code of a secret still waiting; otherwise only an enabled
 * secret counts. `db` may be a transaction.
 */
export async function takeAuthenticatorCode(
  ctx: Pick<CodeCheckContext, 'env' | 'now'> & { db: Kysely<Database> },
  accountId: string,
  code: string,
  enabling: boolean,
): Promise<boolean> {
  const stored = await findTwoFactor(ctx.db, accountId);
  const secret = stored && openSecret(ctx.env.sessionSecret, stored.secretSealed);
  if (!secret) return false;
  const now = ctx.now();
  const step = timeStepOfCode(secret, normaliseCode(code), now);
  return step !== null && claimTimeStep(ctx.db, accountId, { step, enabling, now });
}

/**
 * Counts a second-factor attempt per address (every attempt) and per account (wrong ones,
 * with growing waits past the limit, like wrong passwords), refusing with 429 past either.
 * Then `take` decides whether the code is right; a right one ends the account's run.
 */
export async function countedCodeCheck(ctx: CodeCheckContext, accountId: string, take: () => Promise<boolean>): Promise<boolean> {
  await enforceRateLimits(ctx, [['twoFactorPerIp', ctx.ip]]);
  await claimCheck(ctx, 'twoFactorPerAccount', accountId);
  const right = await take();
  if (right) await forgetWrongAttempts(ctx, 'twoFactorPerAccount', accountId);
  return right;
}

/** A sign-in's second factor: an authenticator code, or a recovery code, which is used up. */
export function checkSecondFactor(ctx: CodeCheckContext, accountId: string, code: string): Promise<boolean> {
  return countedCodeCheck(ctx, accountId, () =>
    isAuthenticatorCode(code) ? takeAuthenticatorCode(ctx, accountId, code, false) : useRecoveryCode(ctx.db, accountId, hashRecoveryCode(code)),
  );
}
