import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationProvider } from '../migrate';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';

const BEFORE = '2026-11-26T0900-require-two-factor';

describe.each(TEST_DIALECTS)('the normalised-account-names migration on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  async function databaseBefore(): Promise<Kysely<any>> {
    database = await createTestDatabase(dialect, async (db) => {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
      if (error) throw error;
    });
    return database.db as unknown as Kysely<any>;
  }
  let serial = 0;
  /** A clinic and its founder's account with these names, as rows stood before the migration. */
  async function insertFounder(db: Kysely<any>, username: string, email: string, createdAt: string) {
    const id = `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
    await db.insertInto('users').values({ id, username, email, created_at: new Date(createdAt) }).execute();
    await db.insertInto('accounts').values({ id, username, email, password_hash: '$argon2id$x', created_at: new Date(createdAt) }).execute();
    return id;
  }

  it('stores names normalised, gives the oldest of look-alike names the skeleton, and compares names byte for byte after', async () => {
    const db = await databaseBefore();
    const fullwidth = await insertFounder(db, 'ＫＬＩＮＩＫ-Ａ', 'Owner@Klinik-A.Example', '2026-01-01T00:00:00Z');
    const older = await insertFounder(db, 'klinik-b', 'b@klinik.example', '2026-02-01T00:00:00Z');
    const lookAlike = await insertFounder(db, 'k1inik-b', 'b1@klinik.example', '2026-03-01T00:00:00Z');

    await migrateToLatest(database.db);

    const accounts = await db.selectFrom('accounts').select(['id', 'username', 'email', 'username_skeleton']).orderBy('created_at').execute();
    expect(accounts).toEqual([
      { id: fullwidth, username: 'klinik-a', email: 'owner@klinik-a.example', username_skeleton: 'klinik-a' },
      { id: older, username: 'klinik-b', email: 'b@klinik.example', username_skeleton: 'klinik-b' },
      // Its look-alike of the older name stays its name; the older one holds the skeleton both share.
      { id: lookAlike, username: 'k1inik-b', email: 'b1@klinik.example', username_skeleton: null },
    ]);
    expect(await db.selectFrom('users').select(['username', 'email']).where('id', '=', fullwidth).execute()).toEqual([{ username: 'klinik-a', email: 'owner@klinik-a.example' }]);
    // The database no longer finds an accented spelling of a name, on MySQL as on SQLite.
    expect(await db.selectFrom('accounts').select('id').where('username', '=', 'klinik-á').execute()).toEqual([]);
    expect(await db.selectFrom('accounts').select('id').where('username', '=', 'KLINIK-A').execute()).toEqual([]);
    // The skeleton is unique.
    await expect(db.updateTable('accounts').set({ username_skeleton: 'klinik-b' }).where('id', '=', lookAlike).execute()).rejects.toThrow();
  });

  it('refuses to migrate two rows that become one name, naming only their ids, and changes nothing', async () => {
    if (dialect === 'mysql') return; // utf8mb4_unicode_ci never let two such rows in: nothing to collide.
    const db = await databaseBefore();
    const first = await insertFounder(db, 'Klinik-C', 'c@klinik.example', '2026-01-01T00:00:00Z');
    const second = await insertFounder(db, 'klinik-c', 'c2@klinik.example', '2026-01-02T00:00:00Z');
    await expect(migrateToLatest(database.db)).rejects.toThrow(/Migration 2026-11-27T1400-normalised-account-names failed/);
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    expect(String(error)).toContain(`${first} and ${second}`);
    expect(String(error)).not.toContain('klinik-c');
    expect((await db.selectFrom('accounts').select('username').orderBy('created_at').execute()).map((row) => row.username)).toEqual(['Klinik-C', 'klinik-c']);
  });
});
