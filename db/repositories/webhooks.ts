import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql, type SqlBool } from 'kysely';
import type { DialectName } from '../connect';
import { type Lease, type LeasedTable, leaseDueRows } from '../leases';
import { asDate } from '../dates';
import type { SubscribableEventType } from '../../domain/webhook-events';
import type { Database } from '../schema';

export interface WebhookEndpoint {
  id: string;
  url: string;
  /** The event types it receives; null for every type. */
  eventTypes: SubscribableEventType[] | null;
  createdAt: Date;
}

/** What the admin shows of a delivery: never its body. */
export interface WebhookDeliverySummary {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivered';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
}

/** A leased delivery, with what its POST needs. */
export interface ClaimedDelivery {
  id: string;
  url: string;
  /** The clinic's secret, then the one a roll replaced while it still signs: each signs the POST. */
  secrets: string[];
  eventId: string;
  payload: string;
  attempts: number;
}

export async function listWebhookEndpoints(db: Kysely<Database>, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhook_endpoints').select(['id', 'url', 'event_types', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    eventTypes: row.event_types === null ? null : (JSON.parse(row.event_types) as SubscribableEventType[]),
    createdAt: asDate(row.created_at),
  }));
}

const eventTypesColumn = (eventTypes: readonly SubscribableEventType[] | null) => (eventTypes === null ? null : JSON.stringify(eventTypes));

export async function insertWebhookEndpoint(
  db: Kysely<Database>,
  endpoint: { userId: string; url: string; eventTypes?: readonly SubscribableEventType[] | null; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('webhook_endpoints')
    .values({ id, user_id: endpoint.userId, url: endpoint.url, event_types: eventTypesColumn(endpoint.eventTypes ?? null), created_at: endpoint.now })
    .execute();
  return id;
}

/** Chooses the event types the clinic's endpoint receives (null: every type); false when it is not the clinic's. */
export async function setEndpointEventTypes(db: Kysely<Database>, userId: string, id: string, eventTypes: readonly SubscribableEventType[] | null): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set({ event_types: eventTypesColumn(eventTypes) }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the clinic's endpoint and, with it, its deliveries; false when it is not the clinic's. */
export async function deleteWebhookEndpoint(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('endpoint_id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The clinic's signing secret; null before its first endpoint. */
export async function findWebhookSecret(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('webhook_secret').where('id', '=', userId).executeTakeFirst();
  return row?.webhook_secret ?? null;
}

/** Until when the secret a roll replaced still signs; null when none does at `now`. */
export async function findPreviousSecretUntil(db: Kysely<Database>, userId: string, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('users').select('webhook_previous_secret_until').where('id', '=', userId).executeTakeFirst();
  const until = row?.webhook_previous_secret_until;
  return until && asDate(until) > now ? asDate(until) : null;
}

/** The clinic's signing secret, drawing `fresh` if it has none yet (two racing draws keep the first). */
export async function webhookSecretOf(db: Kysely<Database>, userId: string, fresh: string): Promise<string> {
  await db.updateTable('users').set({ webhook_secret: fresh }).where('id', '=', userId).where('webhook_secret', 'is', null).execute();
  return (await findWebhookSecret(db, userId))!;
}

/**
 * Makes `fresh` the clinic's secret and keeps the one it replaces signing until `until`, in one
 * statement (MySQL assigns left to right, SQLite from the old row: either way the previous
 * secret is the one replaced). A secret a former roll kept is dropped. False when the clinic
 * has no secret to roll.
 */
export async function rollWebhookSecret(db: Kysely<Database>, userId: string, roll: { fresh: string; until: Date }): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      webhook_previous_secret: sql.ref('webhook_secret'),
      webhook_previous_secret_until: roll.until,
      webhook_secret: roll.fresh,
    })
    .where('id', '=', userId)
    .where('webhook_secret', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Queues one event for some of the clinic's endpoints, in the transaction of the change it reports. */
export async function enqueueWebhookDeliveries(
  db: Kysely<Database>,
  event: {
    userId: string;
    endpointIds: readonly string[];
    eventId: string;
    eventType: string;
    about: { appointmentId: string; revision: number } | null;
    payload: string;
    now: Date;
  },
): Promise<void> {
  if (event.endpointIds.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      event.endpointIds.map((endpointId) => ({
        id: randomUUID(),
        endpoint_id: endpointId,
        user_id: event.userId,
        event_id: event.eventId,
        event_type: event.eventType,
        appointment_id: event.about?.appointmentId ?? null,
        revision: event.about?.revision ?? null,
        payload: event.payload,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: event.now,
        lease_owner: null,
        locked_until: null,
        last_status_code: null,
        last_error: null,
        created_at: event.now,
        delivered_at: null,
      })),
    )
    .execute();
}

/**
 * Pending, due, and no earlier event about the same appointment (a lower revision) still waits
 * for the same endpoint, whichever process holds that one: a later event is not even leased until
 * the earlier one's receiver answered 2xx (docs/decisions/0057). The earlier deliveries are read
 * from a derived table, which MySQL materialises: it refuses an UPDATE whose subquery reads the
 * table it updates directly (error 1093), but not through a derived table.
 */
const isDue = (now: Date) => (eb: ExpressionBuilder<Database, LeasedTable>) =>
  eb.and([
    eb('status', '=', 'pending'),
    eb('next_attempt_at', '<=', now),
    sql<SqlBool>`not exists (
      select 1 from (select endpoint_id, appointment_id, revision from webhook_deliveries where status = 'pending' and revision is not null) as earlier
      where earlier.endpoint_id = webhook_deliveries.endpoint_id
        and earlier.appointment_id = webhook_deliveries.appointment_id
        and earlier.revision < webhook_deliveries.revision
    )`,
  ]);

/** Leases up to `limit` due deliveries to `lease.owner` until `lease.lockedUntil` (db/leases.ts), and answers those it won. */
export async function claimDueDeliveries(db: Kysely<Database>, dialect: DialectName, lease: Lease): Promise<ClaimedDelivery[]> {
  await leaseDueRows(db, dialect, { table: 'webhook_deliveries', due: isDue(lease.now), oldestFirst: 'next_attempt_at' }, lease);
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'e.url',
      'u.webhook_secret',
      'u.webhook_previous_secret',
      'u.webhook_previous_secret_until',
      'd.event_id',
      'd.payload',
      'd.attempts',
    ])
    .where('d.lease_owner', '=', lease.owner)
    .where('d.status', '=', 'pending')
    // An appointment's events due at one time go in the order they happened.
    .orderBy('d.next_attempt_at')
    .orderBy('d.revision')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    secrets: [
      row.webhook_secret ?? '',
      ...(row.webhook_previous_secret && row.webhook_previous_secret_until && asDate(row.webhook_previous_secret_until) > lease.now ? [row.webhook_previous_secret] : []),
    ],
    eventId: row.event_id,
    payload: row.payload,
    attempts: Number(row.attempts),
  }));
}

/** Delivered. The body stays for a redelivery, until the visitor's data is erased (db/repositories/visitor-data.ts). */
export async function markDeliveryDelivered(db: Kysely<Database>, id: string, outcome: { statusCode: number; now: Date }): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'delivered',
      attempts: sql`attempts + 1`,
      last_status_code: outcome.statusCode,
      last_error: null,
      delivered_at: outcome.now,
      lease_owner: null,
      locked_until: null,
    })
    .where('id', '=', id)
    .execute();
}

/** Not delivered this time: kept pending for another attempt, never dropped. */
export async function markDeliveryFailed(
  db: Kysely<Database>,
  id: string,
  failure: { statusCode: number | null; error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql`attempts + 1`,
      last_status_code: failure.statusCode,
      last_error: failure.error.slice(0, 500),
      next_attempt_at: failure.nextAttemptAt,
      lease_owner: null,
      locked_until: null,
    })
    .where('id', '=', id)
    .execute();
}

/** The clinic's latest deliveries, newest first. */
export async function listRecentDeliveries(db: Kysely<Database>, userId: string, limit: number): Promise<WebhookDeliverySummary[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'endpoint_id', 'event_id', 'event_type', 'status', 'attempts', 'last_status_code', 'last_error', 'created_at', 'delivered_at', 'next_attempt_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    createdAt: asDate(row.created_at),
    deliveredAt: row.delivered_at === null ? null : asDate(row.delivered_at),
    nextAttemptAt: asDate(row.next_attempt_at),
  }));
}

/**
 * Queues the clinic's delivered delivery `id` again for its endpoint: the same event (id, type,
 * body, place in its appointment's order), as a new pending delivery. Answers the new delivery's
 * id; 'unknown' when it is not the clinic's, 'pending' when it still waits, 'erased' when its
 * body was erased on delivery, as bodies were before redeliveries existed.
 */
export async function redeliverDelivery(db: Kysely<Database>, userId: string, id: string, now: Date): Promise<string | 'unknown' | 'pending' | 'erased'> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'event_id', 'event_type', 'appointment_id', 'revision', 'payload', 'status'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'unknown';
  if (row.status === 'pending') return 'pending';
  if (row.payload === '') return 'erased';
  const redelivery = randomUUID();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: redelivery,
      endpoint_id: row.endpoint_id,
      user_id: userId,
      event_id: row.event_id,
      event_type: row.event_type,
      appointment_id: row.appointment_id,
      revision: row.revision,
      payload: row.payload,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
  return redelivery;
}

/**
 * How far webhooks are behind, for /metrics: deliveries waiting, and when the oldest of them was
 * queued. From its queueing, not its next attempt: an endpoint that has refused for hours is
 * retried hourly, and its events are late all that time.
 */
export async function webhookBacklog(db: Kysely<Database>): Promise<{ pending: number; oldestAt: Date | null }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number | string>().as('pending'), eb.fn.min('created_at').as('oldest_at')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestAt: row.oldest_at === null ? null : asDate(row.oldest_at) };
}
