import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { hoursFromNow } from '../testing/booking-requests';
import { signInNewOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { translationsFor } from '../translations';

interface Listed {
  id: string;
  status: string;
  updatedAt: string;
  cursor: string;
}

describe.each(TEST_DIALECTS)('GET /api/appointments?updatedSince=&cursor= on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A clinic with four bookings changed at known times, two of them at the same millisecond. */
  async function clinicWithChanges() {
    const operator = await signInNewOperator(t);
    const psychologistId = await insertPsychologist(t.services.db, operator.userId, { email: `p-${randomUUID().slice(0, 8)}@clinic.example` });
    const times = ['2026-11-20T08:00:00.000Z', '2026-11-21T08:00:00.000Z', '2026-11-21T08:00:00.000Z', '2026-11-22T08:00:00.000Z'];
    const ids: string[] = [];
    for (const [i, time] of times.entries()) {
      const slotId = await insertSlot(t.services.db, psychologistId, hoursFromNow(24 + i));
      const id = await bookSlot(t.services.db, { userId: operator.userId, psychologistId, slotId });
      await t.services.db.updateTable('appointments').set({ updated_at: new Date(time) }).where('id', '=', id).execute();
      ids.push(id);
    }
    // The order the list promises: change time, then id.
    const order = ids.map((id, i) => ({ id, time: times[i]! })).sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id));
    return { operator, order: order.map(({ id }) => id) };
  }

  it('lists what changed since a time, oldest change first, and pages on by cursor without losing ties', async () => {
    const { operator, order } = await clinicWithChanges();
    const since = await operator.rest('GET', '/api/appointments?updatedSince=2026-11-21T08:00:00Z');
    expect(since.status).toBe(200);
    expect((since.body as Listed[]).map((a) => a.id)).toEqual(order.slice(1));

    const firstPage = (await operator.rest('GET', '/api/appointments?updatedSince=2026-11-01T00:00:00Z&limit=2')).body as Listed[];
    expect(firstPage.map((a) => a.id)).toEqual(order.slice(0, 2));
    const nextPage = (await operator.rest('GET', `/api/appointments?cursor=${firstPage[1]!.cursor}&limit=2`)).body as Listed[];
    expect(nextPage.map((a) => a.id)).toEqual(order.slice(2));
    const done = await operator.rest('GET', `/api/appointments?cursor=${nextPage[1]!.cursor}`);
    expect(done.body).toEqual([]);
  });

  it('brings a booking back once it changes again: a confirmation moves it after the cursor', async () => {
    const { operator, order } = await clinicWithChanges();
    const all = (await operator.rest('GET', '/api/appointments?updatedSince=2026-11-01T00:00:00Z')).body as Listed[];
    const last = all.at(-1)!;
    expect((await operator.rest('POST', `/api/appointments/${order[0]}/confirm`)).status).toBe(200);
    const changed = (await operator.rest('GET', `/api/appointments?cursor=${last.cursor}`)).body as Listed[];
    expect(changed.map((a) => [a.id, a.status])).toEqual([[order[0], 'confirmed']]);
    expect(new Date(changed[0]!.updatedAt).getTime()).toBeGreaterThan(new Date(last.updatedAt).getTime());
  });

  it('refuses a cursor it did not give, a bad time and a bad limit with a readable 400 in both languages', async () => {
    const operator = await signInNewOperator(t);
    const get = (query: string, locale: 'en' | 'ms') =>
      t.app.inject({ method: 'GET', url: `/api/appointments?${query}`, headers: { cookie: operator.cookie, 'x-minda-locale': locale } });
    for (const locale of ['en', 'ms'] as const) {
      const fields = translationsFor(locale).errors.fields;
      const badCursor = await get('cursor=not-a-cursor', locale);
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json().fields).toEqual({ cursor: [fields.listCursor()] });
      expect((await get('updatedSince=yesterday', locale)).json().fields).toEqual({ updatedSince: [fields.dateTime()] });
      expect((await get('limit=0', locale)).json().fields).toEqual({ limit: [fields.wholeNumberBetween({ min: 1, max: 500 })] });
    }
  });

  it('keeps the inbox order when neither is given', async () => {
    const { operator, order } = await clinicWithChanges();
    const inbox = (await operator.rest('GET', '/api/appointments')).body as Listed[];
    // Upcoming ones soonest first: the order they were booked in, one hour apart.
    expect(inbox.map((a) => a.id)).toEqual(await startOrder(order));
  });

  async function startOrder(ids: string[]) {
    const rows = await t.services.db
      .selectFrom('appointments as a')
      .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
      .select(['a.id', 's.start_utc'])
      .where('a.id', 'in', ids)
      .execute();
    return rows.sort((a, b) => new Date(a.start_utc).getTime() - new Date(b.start_utc).getTime()).map((row) => row.id);
  }
});
