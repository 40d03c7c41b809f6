import { claimLoginAttempt, deleteFinishedLoginThrottles, deleteLoginThrottle } from '../../db/repositories/login-throttles';
import type { AppServices } from '../context';
import { AppError } from '../errors';
import { rateLimitBucket } from '../rate-limit/rate-limits';

/**
 * Wrong passwords per account, from any address (docs/decisions/0010). A run of wrong
 * passwords lasts until `loginPerAccount.windowMinutes` pass without one. The first `limit`
 * go unhindered; from then on the next attempt must wait 1, 2, 4, 8, then 10 minutes after
 * the last wrong one. Waiting is cheaper for the operator than a lock a stranger could renew,
 * and at one guess per 10 minutes guessing gets nowhere.
 */
const FIRST_DELAY_MS = 60_000;
const LONGEST_DELAY_MS = 10 * 60_000;

type ThrottleDeps = Pick<AppServices, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits'>;

/** How long after the last wrong password the next attempt must wait. */
export function loginDelayMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - limit), LONGEST_DELAY_MS);
}

function runLengthMs(deps: ThrottleDeps): number {
  return deps.rateLimits.loginPerAccount.windowMinutes * 60_000;
}

const bucketOf = (deps: ThrottleDeps, username: string) =>
  rateLimitBucket(deps.env.sessionSecret, 'loginPerAccount', username);

/**
 * Claims the check of one password for this account, counted as wrong until it proves right,
 * or refuses it when it comes before the delay the run's wrong passwords call for (then it
 * counts nothing, so a stranger cannot stretch the wait). The claim is one conditional UPDATE,
 * so simultaneous guesses from many addresses get no more checks than guesses one by one.
 * Answers whether this attempt, if wrong, is the one that reached the limit (once per run).
 */
export async function claimPasswordCheck(deps: ThrottleDeps, username: string): Promise<{ reachesLimit: boolean }> {
  const at = deps.now();
  const { limit } = deps.rateLimits.loginPerAccount;
  const delays = Array.from({ length: limit + 5 }, (_, index) => loginDelayMs(index + 1, limit));
  const failures = await claimLoginAttempt(deps.db, deps.dialect, {
    bucket: bucketOf(deps, username),
    at,
    runEndedBy: new Date(at.getTime() - runLengthMs(deps)),
    nextAttemptAfter: delays.map((delay) => new Date(at.getTime() + delay)),
  });
  if (failures === undefined) throw new AppError('TOO_MANY_REQUESTS', (t) => t.errors.tooManyAttempts());
  return { reachesLimit: failures === limit };
}

/** A correct password ends the run, its own claim included: the operator starts again with a clean slate. */
export async function forgetWrongPasswords(deps: ThrottleDeps, username: string): Promise<void> {
  await deleteLoginThrottle(deps.db, bucketOf(deps, username));
}

export async function purgeFinishedLoginThrottles(deps: ThrottleDeps): Promise<number> {
  return deleteFinishedLoginThrottles(deps.db, new Date(deps.now().getTime() - runLengthMs(deps)));
}
