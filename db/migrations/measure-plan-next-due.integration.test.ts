import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { asDate } from '../dates';
import { migrateToLatest, migrationProvider } from '../migrate';
import type { Database } from '../schema';
import { bookSlot, insertOperator, insertPsychologist, insertSlot } from '../testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';

const BEFORE = '2026-11-30T0710-measure-plan-end';
const ENROLLED = new Date('2026-11-29T08:00:00.000Z');

describe.each(TEST_DIALECTS)('the measure-plan-next-due migration on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it('has the sending job look at each open plan on a fixed schedule at once, and at no other plan by its next_due_at', async () => {
    database = await createTestDatabase(dialect, async (db) => {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
      if (error) throw error;
    });
    const db = database.db as Kysely<Database>;
    const clinic = await insertOperator(db);
    const psychologistId = await insertPsychologist(db, clinic.userId);
    let hour = 0;
    const plan = async (id: string, schedule: string, open: boolean) => {
      const appointmentId = await bookSlot(db, { userId: clinic.userId, psychologistId, slotId: await insertSlot(db, psychologistId, new Date(Date.UTC(2026, 11, 5, hour++))) });
      const row = { id, user_id: clinic.userId, psychologist_id: psychologistId, appointment_id: appointmentId, open_appointment_id: open ? appointmentId : null, instruments: 'phq9Gad7', schedule, consent_version: 'a'.repeat(64), enrolled_at: ENROLLED, enrolled_by: clinic.userId, withdrawn_at: null, ended_at: open ? null : ENROLLED };
      // Written as the table stood before the migration, without next_due_at.
      await (db as Kysely<any>).insertInto('measure_plans').values(row).execute();
    };
    await plan('once', 'once', true);
    await plan('fortnightly', 'every_2_weeks', true);
    await plan('sessions', 'every_session', true);
    await plan('ended', 'every_2_weeks', false);

    await migrateToLatest(database.db);

    const rows = await db.selectFrom('measure_plans').select(['id', 'next_due_at']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.next_due_at === null ? null : asDate(row.next_due_at).toISOString()])).toEqual([
      ['ended', null],
      ['fortnightly', ENROLLED.toISOString()],
      ['once', ENROLLED.toISOString()],
      ['sessions', null],
    ]);
  });
});
