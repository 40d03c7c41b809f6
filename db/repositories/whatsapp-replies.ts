import { addDays } from 'date-fns';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { isUniqueViolation } from '../unique-violation';

/** Meta retries an unanswered webhook for up to 7 days (developers.facebook.com/docs/graph-api/webhooks/getting-started, "Event Notifications"). */
const REDELIVERY_DAYS = 7;

/**
 * Marks an inbound message acted on, in the action's transaction: false when it already was (a
 * redelivery). The primary key decides between racing deliveries and server processes; an action
 * that fails rolls the mark back, so Meta's retry acts afresh.
 */
export async function markReplyActedOn(db: Kysely<Database>, waMessageId: string, now: Date): Promise<boolean> {
  try {
    await db.insertInto('whatsapp_replies').values({ wa_message_id: waMessageId, expires_at: addDays(now, REDELIVERY_DAYS) }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Past Meta's redelivery window a message id comes no more; its mark is no longer needed. */
export async function deleteExpiredReplyMarks(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('whatsapp_replies').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
