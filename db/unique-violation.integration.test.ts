import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from './testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './testing/test-databases';
import { isUniqueViolation } from './unique-violation';

describe.each(TEST_DIALECTS)('isUniqueViolation on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.drop());

  const caught = (write: Promise<unknown>) => write.then(() => undefined, (error: unknown) => error);

  it('recognises a duplicate in a unique column and nothing else', async () => {
    const { userId, username } = await insertOperator(t.db);
    const duplicate = await caught(insertOperator(t.db, { username }));
    expect(isUniqueViolation(duplicate)).toBe(true);
    const missingParent = await caught(
      t.db
        .insertInto('password_reset_tokens')
        .values({ id: userId, account_id: 'no-such-account', token_hash: 'x'.repeat(64), expires_at: new Date(), used_at: null, created_at: new Date() })
        .execute(),
    );
    expect(missingParent).toBeInstanceOf(Error);
    expect(isUniqueViolation(missingParent)).toBe(false);
  });
});
