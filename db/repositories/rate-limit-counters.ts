import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connect';
import type { Database } from '../schema';

export interface CounterWindow {
  bucket: string;
  windowStart: Date;
  expiresAt: Date;
}

/**
 * Counts one more hit in the bucket's window and answers the window's total. The upsert is
 * one statement, so hits from concurrent requests and server processes are never lost.
 */
export async function countHit(db: Kysely<Database>, dialect: DialectName, window: CounterWindow): Promise<number> {
  const insert = db.insertInto('rate_limit_counters').values({
    bucket: window.bucket,
    window_start: window.windowStart,
    hits: 1,
    expires_at: window.expiresAt,
  });
  const increment = { hits: sql<number>`hits + 1` };
  await (dialect === 'mysql'
    ? insert.onDuplicateKeyUpdate(increment)
    : insert.onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet(increment))
  ).execute();
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('hits')
    .where('bucket', '=', window.bucket)
    .where('window_start', '=', window.windowStart)
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

export async function deleteExpiredCounters(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
