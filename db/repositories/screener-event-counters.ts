import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connect';
import type { Database } from '../schema';

/**
 * Adds one to each counter of a screener's day, in one statement: concurrent events from any
 * number of server processes are never lost (an upsert, not a read then a write).
 */
export async function incrementCounters(
  db: Kysely<Database>,
  dialect: DialectName,
  counted: { configurationId: string; day: string; events: readonly string[] },
): Promise<void> {
  // One row per key: a key twice in one call adds two.
  const ones = new Map<string, number>();
  for (const event of counted.events) ones.set(event, (ones.get(event) ?? 0) + 1);
  if (ones.size === 0) return;
  const insert = db
    .insertInto('screener_event_counters')
    .values([...ones].map(([event, count]) => ({ configuration_id: counted.configurationId, day: counted.day, event, count })));
  const count = sql.ref('count');
  if (dialect === 'mysql') {
    await insert.onDuplicateKeyUpdate({ count: sql<number>`${count} + values(${count})` }).execute();
  } else {
    await insert
      .onConflict((oc) => oc.columns(['configuration_id', 'day', 'event']).doUpdateSet({ count: sql<number>`${count} + excluded.${count}` }))
      .execute();
  }
}

/** Each counter of a screener summed over the days from `from` to `to` (YYYY-MM-DD, both counted). */
export async function sumCounters(db: Kysely<Database>, configurationId: string, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('screener_event_counters')
    .select((eb) => ['event', eb.fn.sum<number | string>('count').as('total')])
    .where('configuration_id', '=', configurationId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('event')
    .execute();
  return new Map(rows.map((row) => [row.event, Number(row.total)]));
}
