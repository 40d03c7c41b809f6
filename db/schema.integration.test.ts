import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConfigurationBySlug } from './repositories/configurations';
import { DEMO_SLUG, seedDemo } from './seed-demo';
import { bookSlot, insertOperator, insertPsychologist, insertSlot } from './testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './testing/test-databases';

describe.each(TEST_DIALECTS)('the schema on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.drop());

  it('stores timestamps in UTC and gives back the same instant to the millisecond', async () => {
    const { userId } = await insertOperator(t.db);
    const psychologistId = await insertPsychologist(t.db, userId);
    const start = new Date('2027-03-28T00:59:59.123Z');
    const slotId = await insertSlot(t.db, psychologistId, start);
    const row = await t.db.selectFrom('availability_slots').selectAll().where('id', '=', slotId).executeTakeFirstOrThrow();
    expect(new Date(row.start_utc).toISOString()).toBe('2027-03-28T00:59:59.123Z');
    const inRange = await t.db
      .selectFrom('availability_slots')
      .select('id')
      .where('start_utc', '>=', new Date('2027-03-28T00:59:59.000Z'))
      .where('start_utc', '<', new Date('2027-03-28T01:00:00.000Z'))
      .execute();
    expect(inRange.map((r) => r.id)).toEqual([slotId]);
  });

  it('lets a slot be booked at most once while a booking stands, and again once cancelled', async () => {
    const { userId } = await insertOperator(t.db);
    const psychologistId = await insertPsychologist(t.db, userId);
    const slotId = await insertSlot(t.db, psychologistId, new Date('2027-01-04T01:00:00Z'));
    await bookSlot(t.db, { userId, psychologistId, slotId });
    await expect(bookSlot(t.db, { userId, psychologistId, slotId })).rejects.toThrow();
    await t.db
      .updateTable('appointments')
      .set({ status: 'cancelled', active_slot_id: null, cancelled_at: new Date() })
      .where('slot_id', '=', slotId)
      .execute();
    await bookSlot(t.db, { userId, psychologistId, slotId });
    const count = await t.db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).where('slot_id', '=', slotId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses two slots of one psychologist starting at the same instant', async () => {
    const { userId } = await insertOperator(t.db);
    const psychologistId = await insertPsychologist(t.db, userId);
    await insertSlot(t.db, psychologistId, new Date('2027-01-05T01:00:00Z'));
    await expect(insertSlot(t.db, psychologistId, new Date('2027-01-05T01:00:00Z'))).rejects.toThrow();
  });

  it('enforces foreign keys and removes an operator’s data with the operator', async () => {
    await expect(insertPsychologist(t.db, randomUUID())).rejects.toThrow();
    const { userId } = await insertOperator(t.db);
    const psychologistId = await insertPsychologist(t.db, userId);
    await insertSlot(t.db, psychologistId, new Date('2027-01-06T01:00:00Z'));
    await t.db.deleteFrom('users').where('id', '=', userId).execute();
    const left = await t.db.selectFrom('availability_slots').select('id').where('psychologist_id', '=', psychologistId).execute();
    expect(left).toEqual([]);
  });

  it('keeps company slugs unique', async () => {
    await insertOperator(t.db, { companySlug: 'same-name' });
    await expect(insertOperator(t.db, { companySlug: 'same-name' })).rejects.toThrow();
  });

  it('seeds the demo operator once, with a branded screener, two psychologists and slots', async () => {
    const empty = await createTestDatabase(dialect);
    try {
      const now = new Date('2026-11-22T02:00:00Z');
      expect(await seedDemo(empty.db, 'hash', now)).toBe(true);
      expect(await seedDemo(empty.db, 'hash', now)).toBe(false);
      const configuration = await findConfigurationBySlug(empty.db, DEMO_SLUG);
      expect(configuration).toMatchObject({ companySlug: DEMO_SLUG, enableMalayTranslation: true });
      const psychologists = await empty.db.selectFrom('psychologists').select('id').execute();
      expect(psychologists).toHaveLength(2);
      const slots = await empty.db.selectFrom('availability_slots').select(['start_utc']).execute();
      // Ten weekdays in the next fortnight, 09:00-17:00: eight slots a day each.
      expect(slots).toHaveLength(2 * 10 * 8);
      const starts = slots.map((s) => new Date(s.start_utc).getTime());
      expect(Math.min(...starts)).toBeGreaterThan(now.getTime());
      expect(Math.max(...starts)).toBeLessThan(now.getTime() + 15 * 86_400_000);
    } finally {
      await empty.drop();
    }
  });
});
