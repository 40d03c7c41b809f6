import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../unique-violation';
import type { Database } from '../schema';

/**
 * Marks a solved challenge used, in the booking's transaction: false when it already was. The
 * primary key decides between racing requests and server processes; a booking refused later
 * rolls the mark back, so the visitor may try another time with the same solution.
 */
export async function markChallengeUsed(db: Kysely<Database>, used: { challengeKey: string; expiresAt: Date }): Promise<boolean> {
  try {
    await db.insertInto('used_booking_challenges').values({ challenge_key: used.challengeKey, expires_at: used.expiresAt }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Expired challenges are refused by their signed expiry; their marks are no longer needed. */
export async function deleteExpiredChallenges(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('used_booking_challenges').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
