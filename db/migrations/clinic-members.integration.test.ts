import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationProvider } from '../migrate';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';

const BEFORE = '2026-11-25T0900-retention';
const at = (iso: string) => new Date(iso);

describe.each(TEST_DIALECTS)('the clinic-members migration on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it('turns each login into an account with its id, username, e-mail and password, the owner of its clinic, and keeps every row', async () => {
    database = await createTestDatabase(dialect, async (db) => {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
      if (error) throw error;
    });
    // The old schema has no such tables yet: rows are written as they stood then.
    const db = database.db as unknown as import('kysely').Kysely<any>;
    const clinics = [
      { id: '11111111-1111-4111-8111-111111111111', username: 'klinik-a', email: 'a@klinik.example', password_hash: '$argon2id$a', created_at: at('2026-01-02T03:04:05.678Z') },
      { id: '22222222-2222-4222-8222-222222222222', username: 'klinik-b', email: 'b@klinik.example', password_hash: '$argon2id$b', created_at: at('2026-02-03T04:05:06.789Z') },
    ];
    await db.insertInto('users').values(clinics).execute();
    await db
      .insertInto('screener_configurations')
      .values({
        id: '33333333-3333-4333-8333-333333333333',
        user_id: clinics[0]!.id,
        test_type: 'DASS-21',
        app_title: 'Check',
        app_description: '',
        logo_url: null,
        company_name: 'Klinik A',
        company_slug: 'klinik-a',
        minimum_age: 16,
        important_section_content: 'i',
        what_this_does_content: 'w',
        privacy_section_content: 'p',
        enable_malay_translation: 0,
        created_at: at('2026-01-02T03:04:05.678Z'),
        updated_at: at('2026-01-02T03:04:05.678Z'),
      })
      .execute();
    const session = { id_hash: 'a'.repeat(64), user_id: clinics[1]!.id, created_at: at('2026-11-25T01:00:00Z'), last_seen_at: at('2026-11-25T01:30:00Z'), expires_at: at('2026-11-25T03:30:00Z') };
    await db.insertInto('operator_sessions').values(session).execute();
    const token = { id: '44444444-4444-4444-8444-444444444444', user_id: clinics[0]!.id, token_hash: 'b'.repeat(64), expires_at: at('2026-11-25T02:00:00Z'), used_at: null, created_at: at('2026-11-25T01:00:00Z') };
    await db.insertInto('password_reset_tokens').values(token).execute();
    const configurationBefore = await db.selectFrom('screener_configurations').selectAll().execute();
    const usersBefore = await db.selectFrom('users').selectAll().orderBy('id').execute();

    await migrateToLatest(database.db);

    const dates = <T extends Record<string, unknown>>(row: T) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? new Date(v).toISOString() : v instanceof Date ? v.toISOString() : v]));
    // The columns this migration made; later ones add their own (username_skeleton, email_verified_at).
    const accounts = await db.selectFrom('accounts').select(['id', 'username', 'email', 'password_hash', 'created_at']).orderBy('id').execute();
    expect(accounts.map(dates)).toEqual(clinics.map(dates));
    expect(await db.selectFrom('memberships').select(['account_id', 'clinic_id', 'role', 'psychologist_id']).orderBy('account_id').execute()).toEqual(
      clinics.map((c) => ({ account_id: c.id, clinic_id: c.id, role: 'owner', psychologist_id: null })),
    );
    // The clinic keeps everything but the password, which the account holds now; a later
    // migration leaves every clinic's two-factor requirement off, another its webhook secret unrolled.
    expect((await db.selectFrom('users').selectAll().orderBy('id').execute()).map(dates)).toEqual(
      usersBefore.map(({ password_hash: _hash, ...rest }: Record<string, unknown>) => ({ ...dates(rest), require_two_factor: 0, webhook_previous_secret: null, webhook_previous_secret_until: null, whatsapp_enabled: 1, whatsapp_name: null, whatsapp_sender: null, measure_reminder_days: 2, measure_expiry_days: 4, measure_trend_visible: 0 })),
    );
    // Every row and value kept; later migrations may add columns of their own.
    expect(await db.selectFrom('screener_configurations').selectAll().execute()).toMatchObject(configurationBefore);
    const { user_id: sessionClinic, ...sessionRest } = session;
    expect((await db.selectFrom('operator_sessions').selectAll().execute()).map(dates)).toEqual([
      dates({ ...sessionRest, account_id: sessionClinic, clinic_id: sessionClinic }),
    ]);
    const { user_id: tokenAccount, ...tokenRest } = token;
    expect((await db.selectFrom('password_reset_tokens').selectAll().execute()).map(dates)).toEqual([dates({ ...tokenRest, account_id: tokenAccount })]);
  });
});
