import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationProvider } from '../migrate';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';

const BEFORE = '2026-11-28T0900-visitor-cancel-reason';
const CLINIC = '11111111-1111-4111-8111-111111111111';
const ENDPOINT = '22222222-2222-4222-8222-222222222222';
const APPOINTMENT = '33333333-3333-4333-8333-333333333333';
const MADE = new Date('2026-11-20T08:00:00.000Z');

describe.each(TEST_DIALECTS)('the webhook-catalogue migration on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it('keeps every endpoint on every event, and gives each waiting event its appointment so an erasure finds it', async () => {
    database = await createTestDatabase(dialect, async (db) => {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
      if (error) throw error;
    });
    const db = database.db as unknown as Kysely<any>;
    await db.insertInto('users').values({ id: CLINIC, username: 'klinik-a', email: 'a@klinik.example', created_at: MADE }).execute();
    await db.insertInto('webhook_endpoints').values({ id: ENDPOINT, user_id: CLINIC, url: 'https://klinik.example/hook', created_at: MADE }).execute();
    const delivery = (id: string, status: string, payload: string) => ({
      id,
      endpoint_id: ENDPOINT,
      user_id: CLINIC,
      event_id: id,
      event_type: 'appointment.confirmed',
      payload,
      status,
      attempts: 0,
      next_attempt_at: MADE,
      created_at: MADE,
    });
    const waiting = JSON.stringify({ id: 'a', type: 'appointment.confirmed', created: MADE, data: { appointment: { id: APPOINTMENT, client: { name: 'Nur' } } } });
    await db
      .insertInto('webhook_deliveries')
      .values([
        delivery('44444444-4444-4444-8444-444444444441', 'pending', waiting),
        delivery('44444444-4444-4444-8444-444444444442', 'delivered', ''),
        delivery('44444444-4444-4444-8444-444444444443', 'pending', JSON.stringify({ id: 'b', type: 'webhook.test', created: MADE, data: { message: 'A test' } })),
      ])
      .execute();

    await migrateToLatest(database.db);

    expect(await db.selectFrom('webhook_endpoints').select('event_types').execute()).toEqual([{ event_types: null }]);
    const rows = await db.selectFrom('webhook_deliveries').select(['id', 'appointment_id', 'revision']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: '44444444-4444-4444-8444-444444444441', appointment_id: APPOINTMENT, revision: null },
      { id: '44444444-4444-4444-8444-444444444442', appointment_id: null, revision: null },
      { id: '44444444-4444-4444-8444-444444444443', appointment_id: null, revision: null },
    ]);
  });
});
