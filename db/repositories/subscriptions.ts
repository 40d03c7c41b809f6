import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { asDate } from '../dates';
import type { DialectName } from '../connect';
import { lockedRows } from '../row-locks';
import type { Database, SubscriptionsTable } from '../schema';

/** An operator's subscription as stored: Stripe's ids and status, or a test-mode activation. */
export interface StoredSubscription {
  userId: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  status: string;
  /** When Stripe created the event that set `status`; null before any event. */
  statusEventAt: Date | null;
  /** When the paid period ends (the next renewal), as Stripe's last subscription event said; null before one, and in test mode. */
  currentPeriodEnd: Date | null;
}

const COLUMNS = ['user_id', 'stripe_customer_id', 'stripe_subscription_id', 'status', 'status_event_at', 'current_period_end'] as const;

function toStoredSubscription(row: {
  user_id: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  status: string;
  status_event_at: Date | string | null;
  current_period_end: Date | string | null;
}): StoredSubscription {
  return {
    userId: row.user_id,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    status: row.status,
    statusEventAt: row.status_event_at === null ? null : asDate(row.status_event_at),
    currentPeriodEnd: row.current_period_end === null ? null : asDate(row.current_period_end),
  };
}

export async function findSubscriptionOf(db: Kysely<Database>, userId: string): Promise<StoredSubscription | undefined> {
  const row = await db.selectFrom('subscriptions').select(COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  return row && toStoredSubscription(row);
}

/** Locked until the transaction ends, so concurrent webhooks for one customer apply in turn. */
export async function findSubscriptionByCustomerForUpdate(
  trx: Transaction<Database>,
  stripeCustomerId: string,
): Promise<StoredSubscription | undefined> {
  const query = trx.selectFrom('subscriptions').select(COLUMNS).where('stripe_customer_id', '=', stripeCustomerId);
  const row = await lockedRows(trx, query).executeTakeFirst();
  return row && toStoredSubscription(row);
}

/**
 * Inserts or updates the operator's row in one statement, so two first calls at once do not
 * collide on the primary key.
 */
async function upsertSubscription(
  db: Kysely<Database>,
  dialect: DialectName,
  row: Insertable<SubscriptionsTable>,
  changes: Updateable<SubscriptionsTable>,
): Promise<void> {
  const insert = db.insertInto('subscriptions').values(row);
  await (dialect === 'mysql'
    ? insert.onDuplicateKeyUpdate(changes)
    : insert.onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
  ).execute();
}

/** Remembers the operator's Stripe customer; the row waits for its subscription, unpaid. */
export async function saveStripeCustomer(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: string,
  stripeCustomerId: string,
  now: Date,
): Promise<void> {
  await upsertSubscription(
    db,
    dialect,
    { user_id: userId, stripe_customer_id: stripeCustomerId, status: 'incomplete', updated_at: now },
    { stripe_customer_id: stripeCustomerId, updated_at: now },
  );
}

/** A newly created Stripe subscription replaces the stored one; its events apply from now on. */
export async function saveStripeSubscription(
  db: Kysely<Database>,
  userId: string,
  subscription: { id: string; status: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({
      stripe_subscription_id: subscription.id,
      status: subscription.status,
      status_event_at: null,
      current_period_end: null,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Test mode only: the subscription is active without Stripe and without payment. */
export async function activateWithoutPayment(db: Kysely<Database>, dialect: DialectName, userId: string, now: Date): Promise<void> {
  await upsertSubscription(db, dialect, { user_id: userId, status: 'active', updated_at: now }, { status: 'active', updated_at: now });
}

export interface StatusFromEvent {
  stripeSubscriptionId: string;
  status: string;
  /** When Stripe created the event. */
  eventAt: Date;
  /** Only subscription events carry it; invoice events leave the stored one. */
  currentPeriodEnd?: Date | null;
}

export async function saveStatusFromEvent(trx: Kysely<Database>, userId: string, change: StatusFromEvent, now: Date): Promise<void> {
  await trx
    .updateTable('subscriptions')
    .set({
      stripe_subscription_id: change.stripeSubscriptionId,
      status: change.status,
      status_event_at: change.eventAt,
      ...(change.currentPeriodEnd !== undefined && { current_period_end: change.currentPeriodEnd }),
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Records a Stripe event by id; a second delivery of it fails on the primary key. */
export async function insertStripeEvent(trx: Kysely<Database>, event: { id: string; type: string }, now: Date): Promise<void> {
  await trx.insertInto('stripe_events').values({ id: event.id, type: event.type, received_at: now }).execute();
}
