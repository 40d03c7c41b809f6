import { claimLoginAttempt, deleteFinishedLoginThrottles, deleteLoginThrottle } from '../../db/repositories/login-throttles';
import { AppError } from '../errors';
import { rateLimitBucket, type RateLimitDeps } from '../rate-limit/rate-limits';

/**
 * Wrong passwords per account, from any address (docs/decisions/0010), and wrong second-factor
 * codes per account the same way (docs/decisions/0035). A run of wrong
 * passwords lasts until `loginPerAccount.windowMinutes` pass without one. The first `limit`
 * go unhindered; from then on the next attempt must wait 1, 2, 4, 8, then 10 minutes after
 * the last wrong one. Waiting is cheaper for the operator than a lock a stranger could renew,
 * and at one guess per 10 minutes guessing gets nowhere.
 */
const FIRST_DELAY_MS = 60_000;
const LONGEST_DELAY_MS = 10 * 60_000;

/** A throttle is counted as the rate limits are: same table of rules, same keyed subjects. */
export type ThrottleDeps = RateLimitDeps;

/** How long after the last wrong password the next attempt must wait. */
export function loginDelayMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - limit), LONGEST_DELAY_MS);
}

/** The counts kept this way: wrong passwords per account, wrong second-factor codes per account. */
export type ThrottledCheck = 'loginPerAccount' | 'twoFactorPerAccount';
const THROTTLED_CHECKS: ThrottledCheck[] = ['loginPerAccount', 'twoFactorPerAccount'];

function runLengthMs(deps: ThrottleDeps, check: ThrottledCheck): number {
  return deps.rateLimits[check].windowMinutes * 60_000;
}

const bucketOf = (deps: ThrottleDeps, check: ThrottledCheck, subject: string) => rateLimitBucket(deps.env.sessionSecret, check, subject);

/**
 * Claims one check (a password, or a second-factor code) for this subject, counted as wrong
 * until it proves right, or refuses it when it comes before the delay the run's wrong attempts
 * call for (then it counts nothing, so a stranger cannot stretch the wait). The claim is one
 * conditional UPDATE, so simultaneous guesses from many addresses get no more checks than
 * guesses one by one. Answers whether this attempt, if wrong, is the one that reached the
 * limit (once per run).
 */
export async function claimCheck(deps: ThrottleDeps, check: ThrottledCheck, subject: string): Promise<{ reachesLimit: boolean }> {
  const at = deps.now();
  const { limit } = deps.rateLimits[check];
  const delays = Array.from({ length: limit + 5 }, (_, index) => loginDelayMs(index + 1, limit));
  const failures = await claimLoginAttempt(deps.db, deps.dialect, {
    bucket: bucketOf(deps, check, subject),
    at,
    runEndedBy: new Date(at.getTime() - runLengthMs(deps, check)),
    nextAttemptAfter: delays.map((delay) => new Date(at.getTime() + delay)),
  });
  if (failures === undefined) throw new AppError('TOO_MANY_REQUESTS', (t) => t.errors.tooManyAttempts());
  return { reachesLimit: failures === limit };
}

/** A right attempt ends the run, its own claim included: the operator starts again with a clean slate. */
export async function forgetWrongAttempts(deps: ThrottleDeps, check: ThrottledCheck, subject: string): Promise<void> {
  await deleteLoginThrottle(deps.db, bucketOf(deps, check, subject));
}

/**
 * Whose wrong passwords an attempt counts toward: the account that was found, by its id, so
 * every spelling that finds it shares one count; or, for a name no account has, that name
 * (normalised). The two never share a bucket, so guesses at unknown names lock no real account,
 * and an unknown name is slowed down exactly as an account is, so the delay tells no one which
 * names exist (docs/decisions/0041).
 */
export type PasswordSubject = { accountId: string } | { unknownName: string };

const subjectKey = (subject: PasswordSubject) => ('accountId' in subject ? `account:${subject.accountId}` : `unknown:${subject.unknownName}`);

/** Claims the check of one password (claimCheck). */
export const claimPasswordCheck = (deps: ThrottleDeps, subject: PasswordSubject) => claimCheck(deps, 'loginPerAccount', subjectKey(subject));

export const forgetWrongPasswords = (deps: ThrottleDeps, account: { accountId: string }) => forgetWrongAttempts(deps, 'loginPerAccount', subjectKey(account));

/** Runs of either kind are over once the longer of their windows has passed without a wrong attempt. */
export async function purgeFinishedLoginThrottles(deps: ThrottleDeps): Promise<number> {
  const longestRun = Math.max(...THROTTLED_CHECKS.map((check) => runLengthMs(deps, check)));
  return deleteFinishedLoginThrottles(deps.db, new Date(deps.now().getTime() - longestRun));
}
