import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseBusy } from '../connection-errors';
import { runningStatements } from '../testing/lock-waits';
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
  /** The statements waiting for a lock on the bucket's row (the holder's is done: it waits for its release). */
  const lockWaits = async (bucket: string) => (await runningStatements(database.db)).filter((statement) => statement.includes(bucket)).length;

  /** A transaction that counts a hit in the window and holds it until `release`, then ends as `ending` says. */
  async function holding(window: CounterWindow, ending: 'commit' | 'rollback') {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let counted!: () => void;
    const hasCounted = new Promise<void>((resolve) => (counted = resolve));
    const ended = database.db
      .transaction()
      .execute(async (trx) => {
        await countHit(trx, dialect, window);
        counted();
        await released;
        if (ending === 'rollback') throw new Error('refused: rolled back');
      })
      .catch(() => undefined);
    await hasCounted;
    return { release, ended };
  }

  /** Three transactions count a hit in the window; the first rolls back once the other two wait for it. What each of the other two came to. */
  async function threeTakingTurns(window: CounterWindow): Promise<string[]> {
    const first = await holding(window, 'rollback');
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
    first.release();
    await first.ended;
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
    const holder = await holding(window, 'commit');
    const ensured = await Promise.race([ensureCounter(database.db, dialect, window).then(() => 'ensured'), new Promise((resolve) => setTimeout(resolve, 2_000, 'waited'))]);
    holder.release();
    await holder.ended;
    expect(ensured).toBe('ensured');
  });

  it('deadlocks one of them when the transactions insert the row themselves (what ensureCounter is for)', async () => {
    expect(await threeTakingTurns(windowOf('network turn, inserted inside'))).toContain('deadlocked');
  });
});
