import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connect';
import { asDate } from '../dates';
import type { Database } from '../schema';

export interface CounterWindow {
  bucket: string;
  windowStart: Date;
  expiresAt: Date;
}

/**
 * Counts one more hit in the bucket's window and answers the window's total, in one statement:
 * hits from concurrent requests and server processes are never lost, and a request pays one
 * round trip. MySQL has no RETURNING; `LAST_INSERT_ID(expr)` hands the updated count back in
 * the statement's own answer (0 when the row was new, which is one hit).
 */
export async function countHit(db: Kysely<Database>, dialect: DialectName, window: CounterWindow): Promise<number> {
  const insert = db.insertInto('rate_limit_counters').values({
    bucket: window.bucket,
    window_start: window.windowStart,
    hits: 1,
    expires_at: window.expiresAt,
  });
  if (dialect === 'mysql') {
    const result = await insert.onDuplicateKeyUpdate({ hits: sql<number>`last_insert_id(hits + 1)` }).executeTakeFirst();
    return Number(result.insertId ?? 0) || 1;
  }
  const row = await insert
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/**
 * Writes the window's row with no hit if it is not there yet, in a statement of its own. A
 * transaction that then counts a hit in it updates a row that exists: concurrent transactions
 * inserting the same new row under MySQL's gap locks deadlock one another (each holds the gap
 * the others' insert intentions wait for), where an update of one row only queues them. The row
 * is looked for first with a plain read, which takes no lock: an insert, even one ignored, would
 * wait for the transaction holding the row (the turn this row stands for).
 */
export async function ensureCounter(db: Kysely<Database>, dialect: DialectName, window: CounterWindow): Promise<void> {
  const found = await db.selectFrom('rate_limit_counters').select('hits').where('bucket', '=', window.bucket).where('window_start', '=', window.windowStart).executeTakeFirst();
  if (found) return;
  const insert = db.insertInto('rate_limit_counters').values({ bucket: window.bucket, window_start: window.windowStart, hits: 0, expires_at: window.expiresAt });
  await (dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.columns(['bucket', 'window_start']).doNothing())).execute();
}

export async function deleteExpiredCounters(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of these buckets have a live window at `now`, each with its window's start. */
export async function findLiveBuckets(db: Kysely<Database>, buckets: readonly string[], now: Date): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('rate_limit_counters')
    .select(['bucket', 'window_start'])
    .where('bucket', 'in', buckets)
    .where('expires_at', '>', now)
    .execute();
  return new Map(rows.map((row) => [row.bucket, asDate(row.window_start)]));
}
