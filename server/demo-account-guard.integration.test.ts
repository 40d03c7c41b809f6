import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertOperatorAccount } from '../db/testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../db/testing/test-databases';
import { DEMO_OPERATOR, seedDemo } from '../db/seed-demo';
import { hashPassword } from './auth/passwords';
import { refuseDemoAccount } from './demo-account-guard';
import { EnvError } from './env';

describe.each(TEST_DIALECTS)('the demo account check of a production start on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.drop());

  it('starts on a database without the demo account, or with it under another password', async () => {
    await insertOperatorAccount(database.db, { username: 'klinik-sejahtera' });
    await expect(refuseDemoAccount(database.db)).resolves.toBeUndefined();
    await seedDemo(database.db, await hashPassword('a password only the clinic knows'), new Date());
    await expect(refuseDemoAccount(database.db)).resolves.toBeUndefined();
  });

  it('refuses to start while the seeded demo account signs in with its published password', async () => {
    await seedDemo(database.db, await hashPassword(DEMO_OPERATOR.password), new Date());
    const refusal = refuseDemoAccount(database.db);
    await expect(refusal).rejects.toThrow(EnvError);
    await expect(refusal).rejects.toThrow(/Refusing to start in production: the demo account \('demo' or demo@minda\.example\) signs in with the password published in the README/);
  });

  it('also finds the demo account by its e-mail under another username', async () => {
    const { userId } = await insertOperatorAccount(database.db, { username: 'renamed-demo' });
    const passwordHash = await hashPassword(DEMO_OPERATOR.password);
    await database.db.updateTable('accounts').set({ email: DEMO_OPERATOR.email, password_hash: passwordHash }).where('id', '=', userId).execute();
    await expect(refuseDemoAccount(database.db)).rejects.toThrow(/Refusing to start in production/);
  });
});
