import { isUniqueViolation } from './unique-violation';

/**
 * Runs `work` again when it lost a race on a unique index (two operators saving the same
 * company name at once). `work` must be a whole transaction, so a retry starts afresh.
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
