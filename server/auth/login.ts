import { z } from 'zod';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import { findCredentialsByUsername, type Person } from '../../db/repositories/accounts';
import { verifyPasswordOfAccount } from './passwords';
import { normaliseAccountName } from '../../domain/account-names';
import { AppError } from '../errors';
import { loginThrottledEmail } from '../mail/account-emails';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { startSession } from '../session';
import { type AccountContext, forgotPasswordUrl, toAccount, ZAccount } from '../account/account';
import { ZSecondFactorCode } from '../two-factor/check-code';
import { secondSignInStep, ZCodeNeeded } from '../two-factor/second-sign-in-step';
import { claimPasswordCheck, forgetWrongPasswords } from './login-throttle';

/** Only "required" here: an impossible username is simply unknown, answered like one. Normalised as stored (register.ts ZUsername). */
export const ZLoginRequest = z.object({
  username: z.string().overwrite(normaliseAccountName).trim().min(1, 'Username is required').max(256, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password must be at most 1024 characters'),
  /** The second step, when the account has two-factor sign-in on: the same request with a code. */
  code: ZSecondFactorCode.optional(),
});
export const ZLoginAnswer = z.union([ZAccount, ZCodeNeeded]);
export type LoginRequest = z.output<typeof ZLoginRequest>;

/** The same words for an unknown username and a wrong password: neither is revealed. */

/** Tells the owner once per run of wrong passwords, through the outbox so the mail is not lost. */
async function warnOwner(ctx: AccountContext, operator: Person): Promise<void> {
  const message = loginThrottledEmail('en', {
    username: operator.username,
    wrongPasswords: ctx.rateLimits.loginPerAccount.limit,
    forgotPasswordUrl: forgotPasswordUrl(ctx.env),
  });
  await enqueueEmail(ctx.db, { kind: 'login-throttled', to: operator.email, ...message }, ctx.now());
}

/**
 * Every check of a sign-in, for /login and for joining a clinic with an existing account: the
 * per-address and per-account limits, the password, then the second factor. Answers the person,
 * or 'codeNeeded' when the account has two-factor sign-in on and no code came with the request.
 */
export async function checkSignIn(ctx: AccountContext, input: LoginRequest): Promise<Person | 'codeNeeded'> {
  await enforceRateLimits(ctx, [['loginPerIp', ctx.ip]]);
  const credentials = await findCredentialsByUsername(ctx.db, input.username);
  // Counted against the account found, whatever spelling found it; a name no one has, against that name.
  const subject = credentials ? { accountId: credentials.operator.id } : { unknownName: input.username };
  const { reachesLimit } = await claimPasswordCheck(ctx, subject);
  const valid = await verifyPasswordOfAccount(credentials?.passwordHash, input.password);
  if (!credentials || !valid) {
    // Unknown usernames were counted too: answering them differently would tell which exist.
    if (reachesLimit && credentials) await warnOwner(ctx, credentials.operator);
    throw new AppError('UNAUTHORIZED', (t) => t.errors.invalidCredentials());
  }
  await forgetWrongPasswords(ctx, { accountId: credentials.operator.id });
  if ((await secondSignInStep(ctx, credentials.operator.id, input.code)) === 'codeNeeded') return 'codeNeeded';
  return credentials.operator;
}

export async function login(ctx: AccountContext, input: LoginRequest): Promise<z.output<typeof ZLoginAnswer>> {
  const person = await checkSignIn(ctx, input);
  if (person === 'codeNeeded') return { twoFactorRequired: true };
  await startSession(ctx, await ctx.session(), person);
  return toAccount(person);
}
