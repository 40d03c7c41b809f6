import {
  countLoginFailure,
  deleteFinishedLoginThrottles,
  deleteLoginThrottle,
  findLoginThrottle,
} from '../../db/repositories/login-throttles';
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

/** Refuses an attempt that comes before the delay its account's wrong passwords call for; counts nothing. */
export async function refuseWhileThrottled(deps: ThrottleDeps, username: string): Promise<void> {
  const throttle = await findLoginThrottle(deps.db, bucketOf(deps, username));
  if (!throttle) return;
  const sinceLastFailure = deps.now().getTime() - throttle.lastFailureAt.getTime();
  if (sinceLastFailure >= runLengthMs(deps)) return;
  if (sinceLastFailure < loginDelayMs(throttle.failures, deps.rateLimits.loginPerAccount.limit)) {
    throw new AppError('TOO_MANY_REQUESTS', (t) => t.errors.tooManyAttempts());
  }
}

/** Counts a wrong password; answers whether it is the one that reached the limit (once per run). */
export async function countWrongPassword(deps: ThrottleDeps, username: string): Promise<{ reachedLimit: boolean }> {
  const now = deps.now();
  const failures = await countLoginFailure(deps.db, deps.dialect, {
    bucket: bucketOf(deps, username),
    at: now,
    runEndedBy: new Date(now.getTime() - runLengthMs(deps)),
  });
  return { reachedLimit: failures === deps.rateLimits.loginPerAccount.limit };
}

/** A correct password ends the run: the operator starts again with a clean slate. */
export async function forgetWrongPasswords(deps: ThrottleDeps, username: string): Promise<void> {
  await deleteLoginThrottle(deps.db, bucketOf(deps, username));
}

export async function purgeFinishedLoginThrottles(deps: ThrottleDeps): Promise<number> {
  return deleteFinishedLoginThrottles(deps.db, new Date(deps.now().getTime() - runLengthMs(deps)));
}
