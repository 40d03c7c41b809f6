import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { inTransaction } from '../../db/transaction';
import { findSubscriptionByCustomerForUpdate, insertStripeEvent, saveStatusFromEvent } from '../../db/repositories/subscriptions';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { changeVerdict, subscriptionChangeOf } from './subscription-change';

export type EventOutcome = 'processed' | 'already processed';

/** Its own type, not server/context.ts's: the services there are built from this room (decision 0046). */
export interface StripeEventDeps {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Records a verified Stripe event and applies what it says about a subscription, in one
 * transaction: the event id goes in first, so a second delivery fails on it and changes
 * nothing, while a failure halfway leaves no trace and Stripe's retry processes it afresh.
 */
export async function recordStripeEvent(services: StripeEventDeps, event: Stripe.Event): Promise<EventOutcome> {
  const now = services.now();
  return inTransaction(services.db, async (trx) => {
    try {
      await insertStripeEvent(trx, event, now);
    } catch (error) {
      if (isUniqueViolation(error)) return 'already processed';
      throw error;
    }
    const change = subscriptionChangeOf(event);
    if (!change) return 'processed';
    const stored = await findSubscriptionByCustomerForUpdate(trx, change.stripeCustomerId);
    const verdict = stored ? changeVerdict(stored, change) : 'unknown customer';
    if (stored && verdict === 'apply') {
      await saveStatusFromEvent(trx, stored.userId, change, now);
    } else {
      services.log.info({ eventId: event.id, type: event.type, verdict }, 'Stripe event left the stored subscription as it was');
    }
    return 'processed';
  });
}
