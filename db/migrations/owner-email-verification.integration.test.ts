import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationProvider } from '../migrate';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';

const BEFORE = '2026-11-26T0900-require-two-factor';
const CLINIC = '11111111-1111-4111-8111-111111111111';
const MADE = new Date('2026-11-20T08:00:00.000Z');

describe.each(TEST_DIALECTS)('the owner-email-verification migration on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it('leaves every existing owner unverified, and counts each pending invitation as mailed when made, never resent', async () => {
    database = await createTestDatabase(dialect, async (db) => {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
      if (error) throw error;
    });
    const db = database.db as unknown as Kysely<any>;
    await db.insertInto('users').values({ id: CLINIC, username: 'klinik-a', email: 'a@klinik.example', created_at: MADE }).execute();
    await db.insertInto('accounts').values({ id: CLINIC, username: 'klinik-a', email: 'a@klinik.example', password_hash: '$argon2id$a', created_at: MADE }).execute();
    await db.insertInto('memberships').values({ account_id: CLINIC, clinic_id: CLINIC, role: 'owner', psychologist_id: null, created_at: MADE }).execute();
    await db
      .insertInto('invitations')
      .values({ id: '22222222-2222-4222-8222-222222222222', clinic_id: CLINIC, email: 'x@staff.example', role: 'admin', psychologist_id: null, token_hash: 'c'.repeat(64), created_at: MADE, expires_at: new Date('2026-11-23T08:00:00.000Z'), accepted_at: null })
      .execute();

    await migrateToLatest(database.db);

    expect(await db.selectFrom('accounts').select('email_verified_at').execute()).toEqual([{ email_verified_at: null }]);
    const [invitation] = await db.selectFrom('invitations').select(['last_sent_at', 'resends']).execute();
    expect([new Date(invitation!.last_sent_at).toISOString(), Number(invitation!.resends)]).toEqual([MADE.toISOString(), 0]);
    expect(await db.selectFrom('email_verifications').selectAll().execute()).toEqual([]);
  });
});
