import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseBusy } from '../connection-errors';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';
import { countHit, type CounterWindow, ensureCounter } from './rate-limit-counters';

/**
 * Why a counter that transactions take turns on (a booking's network turn) is written before
 * them: MySQL's documented three-session deadlock. The first transaction inserts the new row, two
 * more wait for it, the first rolls back (a booking refused as taken), and the two waiting each
 * hold the gap the other's insert needs. With the row already there, they update it in turn.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('counters taken in turn inside transactions on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  const windowOf = (bucket: string): CounterWindow => ({ bucket, windowStart: new Date('2030-01-01T10:00:00Z'), expiresAt: new Date('2030-01-01T10:30:00Z') });
  /** The transactions waiting for a lock on the bucket's row (innodb_trx is the whole server's: other tests' are left out). */
  const lockWaits = async (bucket: string) => {
    const { rows } = await sql<{ trx_query: string | null }>`select trx_query from information_schema.innodb_trx where trx_state = 'LOCK WAIT'`.execute(database.db);
    return rows.filter((row) => row.trx_query?.includes(bucket)).length;
  };

  /** Three transactions count a hit in the window; the first rolls back once the other two wait for it. What each of the other two came to. */
  async function threeTakingTurns(window: CounterWindow): Promise<string[]> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let counted!: () => void;
    const firstCounted = new Promise<void>((resolve) => (counted = resolve));
    const first = database.db
      .transaction()
      .execute(async (trx) => {
        await countHit(trx, dialect, window);
        counted();
        await released;
        throw new Error('refused: rolled back');
      })
      .catch(() => 'rolled back');
    await firstCounted;
    const others = [1, 2].map(() =>
      database.db
        .transaction()
        .execute((trx) => countHit(trx, dialect, window))
        .then(
          () => 'counted',
          (error: unknown) => (isDatabaseBusy(error) ? 'deadlocked' : `failed: ${String(error)}`),
        ),
    );
    await expect.poll(() => lockWaits(window.bucket), { timeout: 5_000, interval: 100 }).toBe(2);
    release();
    await first;
    return Promise.all(others);
  }

  it('queues them on a row written beforehand: none deadlocks when the first rolls back', async () => {
    const window = windowOf('network turn, written first');
    await ensureCounter(database.db, dialect, window);
    expect(await threeTakingTurns(window)).toEqual(['counted', 'counted']);
    const row = await database.db.selectFrom('rate_limit_counters').select('hits').where('bucket', '=', window.bucket).executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(2);
  });

  it('writes nothing and waits for nothing where the row is there, though a transaction holds it', async () => {
    const window = windowOf('network turn, held');
    await ensureCounter(database.db, dialect, window);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let counted!: () => void;
    const holding = new Promise<void>((resolve) => (counted = resolve));
    const holder = database.db.transaction().execute(async (trx) => {
      await countHit(trx, dialect, window);
      counted();
      await released;
    });
    await holding;
    const ensured = await Promise.race([ensureCounter(database.db, dialect, window).then(() => 'ensured'), new Promise((resolve) => setTimeout(resolve, 2_000, 'waited'))]);
    release();
    await holder;
    expect(ensured).toBe('ensured');
  });

  it('deadlocks one of them when the transactions insert the row themselves (what ensureCounter is for)', async () => {
    expect(await threeTakingTurns(windowOf('network turn, inserted inside'))).toContain('deadlocked');
  });
});
