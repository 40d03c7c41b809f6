const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** When a failed e-mail or webhook is tried again: 30 s after the first failure, doubling, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (failedAttempts - 1), LONGEST_RETRY_MS);
}
