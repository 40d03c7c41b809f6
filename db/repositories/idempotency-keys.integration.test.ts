import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';
import { keepIdempotentAnswer, releaseIdempotencyKey, takeIdempotencyKey } from './idempotency-keys';

const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

describe.each(TEST_DIALECTS)('idempotency keys taken over on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  /** A request taking `keyHash` at `startedAt`, which counts a request older than 2 minutes as dead. */
  const take = (keyHash: string, startedAt: Date) =>
    takeIdempotencyKey(database.db, { keyHash, fingerprint: 'same request', startedAt, expiresAt: minutes(startedAt, 24 * 60), abandonedBefore: minutes(startedAt, -2) });
  const row = (keyHash: string) =>
    database.db.selectFrom('idempotency_keys').select(['status_code', 'answer', 'started_at']).where('key_hash', '=', keyHash).executeTakeFirst();

  it('leaves a key taken over alone when its first request finishes late: neither its answer nor its release lands', async () => {
    const first = new Date('2030-01-01T10:00:00.123Z');
    const retry = minutes(first, 3);
    for (const keyHash of ['late answer', 'late refusal']) {
      expect(await take(keyHash, first)).toBeUndefined();
      // The first request still "runs" after 2 minutes, so the retry takes its key over.
      expect(await take(keyHash, retry)).toBeUndefined();
    }

    await keepIdempotentAnswer(database.db, { keyHash: 'late answer', startedAt: first }, { statusCode: 200, answer: 'the first answer', appointmentId: null });
    await releaseIdempotencyKey(database.db, { keyHash: 'late refusal', startedAt: first });
    for (const keyHash of ['late answer', 'late refusal']) {
      expect(await row(keyHash)).toMatchObject({ status_code: null, answer: null });
    }

    // The retry that holds the key now keeps its answer, and a refused one lets its key go.
    await keepIdempotentAnswer(database.db, { keyHash: 'late answer', startedAt: retry }, { statusCode: 201, answer: 'the retry answer', appointmentId: null });
    await releaseIdempotencyKey(database.db, { keyHash: 'late refusal', startedAt: retry });
    expect(await row('late answer')).toMatchObject({ status_code: 201, answer: 'the retry answer' });
    expect(await row('late refusal')).toBeUndefined();
  });
});
