import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceWeeklyRanges } from '../../db/repositories/weekly-schedules';
import { bookSlot, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { bookingRequest, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const MINUTE = 60_000;
const everyDay = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '23:00' }));

interface Offered {
  id: string;
  startUtc: string;
  endUtc: string;
}

describe.each(TEST_DIALECTS)('weekly hours keep the buffer from generated slots and bookings, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A clinic whose psychologist works every day, 60-minute sessions with a 15-minute buffer: one every 75 minutes. */
  async function clinicWithHours() {
    const clinic = await signedInAs(t, await insertBookableScreener(t.services.db, { slotDurationMinutes: 60, bufferMinutes: 15, minimumAdvanceHours: 1 }));
    await replaceWeeklyRanges(t.services.db, clinic.psychologistId, everyDay);
    const offered = async (): Promise<Offered[]> => {
      const response = await t.app.inject(`/api/public/availability?slug=${clinic.slug}&psychologistId=${clinic.psychologistId}`);
      expect(response.statusCode).toBe(200);
      return response.json<Offered[]>();
    };
    // A schedule time two days ahead and its neighbours, 75 minutes apart: four times of one day,
    // clear of its end, where the next day's first time breaks the rhythm (whatever the hour now).
    const all = await offered();
    const startOf = (i: number) => Date.parse(all[i]!.startUtc);
    const index = all.findIndex((_time, i) => i > 0 && i + 2 < all.length && startOf(i) > Date.now() + 48 * 3_600_000 && startOf(i + 2) - startOf(i - 1) === 225 * MINUTE);
    const [before, time, next, afterNext] = all.slice(index - 1, index + 3) as [Offered, Offered, Offered, Offered];
    expect(Date.parse(afterNext.startUtc) - Date.parse(time.startUtc)).toBe(150 * MINUTE);
    return { clinic, offered, before, time, next, afterNext };
  }

  /** No offered time starts before the one before it ends. */
  function expectNoOverlaps(times: readonly Offered[]) {
    for (const [i, time] of times.entries()) if (i > 0) expect(Date.parse(time.startUtc)).toBeGreaterThanOrEqual(Date.parse(times[i - 1]!.endUtc));
  }

  async function appointmentsOf(psychologistId: string) {
    return t.services.db.selectFrom('appointments').select('slot_id').where('psychologist_id', '=', psychologistId).execute();
  }

  it('does not offer, nor book, a schedule time a generated slot overlaps, and shows the admin calendar the same free times', async () => {
    const { clinic, offered, before, time, next, afterNext } = await clinicWithHours();
    // A generated slot from 30 minutes into the time to 30 minutes into the next one.
    const generatedStart = new Date(Date.parse(time.startUtc) + 30 * MINUTE);
    const generatedId = await insertSlot(t.services.db, clinic.psychologistId, generatedStart, 60);

    const now = await offered();
    const ids = now.map((free) => free.id);
    expect(ids).not.toContain(time.id);
    expect(ids).not.toContain(next.id);
    // 45 minutes before the slot and 60 after it: more than the buffer.
    expect(ids).toEqual(expect.arrayContaining([before.id, generatedId, afterNext.id]));
    expectNoOverlaps(now);

    const refused = await postBooking(t, bookingRequest(clinic, time.id));
    expect(refused.status).toBe(404);
    expect(refused.body.error).toEqual(expect.any(String));
    expect(await appointmentsOf(clinic.psychologistId)).toEqual([]);
    expect(await t.services.db.selectFrom('availability_slots').select('id').where('id', '=', time.id).execute()).toEqual([]);

    // The admin calendar's free times of the weekly hours: the same computation, over REST and tRPC.
    const range = { from: before.startUtc, to: new Date(Date.parse(afterNext.startUtc) + MINUTE).toISOString() };
    const rest = await clinic.rest('GET', `/api/psychologists/${clinic.psychologistId}/schedule/free-times?${new URLSearchParams(range)}`);
    expect(rest).toEqual({ status: 200, body: [before, afterNext] });
    expect((await clinic.query('admin.schedule.freeTimes', { psychologistId: clinic.psychologistId, ...range })).data).toEqual([before, afterNext]);
  });

  it('keeps the buffer after a booked generated slot: the time 5 minutes after it is neither offered nor booked', async () => {
    const { clinic, offered, before, time, next } = await clinicWithHours();
    // Booked, ending 5 minutes before `time` starts (and overlapping `before`).
    const bookedId = await insertSlot(t.services.db, clinic.psychologistId, new Date(Date.parse(time.startUtc) - 65 * MINUTE), 60);
    await bookSlot(t.services.db, { userId: clinic.userId, psychologistId: clinic.psychologistId, slotId: bookedId });

    const ids = (await offered()).map((free) => free.id);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(time.id);
    expect(ids).not.toContain(bookedId);
    expect(ids).toContain(next.id);

    expect((await postBooking(t, bookingRequest(clinic, time.id))).status).toBe(404);
    expect(await appointmentsOf(clinic.psychologistId)).toEqual([{ slot_id: bookedId }]);
    // The time the buffer allows books as before.
    expect((await postBooking(t, bookingRequest(clinic, next.id))).status).toBe(201);
  });

  it('generates no slot over, or within the buffer of, a booked weekly-hours time (SPEC\'s generate route)', async () => {
    const { clinic, time, next } = await clinicWithHours();
    const zone = 'Asia/Kuala_Lumpur';
    // Generation runs by wall clock within one date: not the time at midnight.
    const booked = formatInTimeZone(new Date(time.startUtc), zone, 'HH:mm') === '00:00' ? next : time;
    expect((await postBooking(t, bookingRequest(clinic, booked.id))).status).toBe(201);
    const start = Date.parse(booked.startUtc);
    const local = (minutes: number, format: string) => formatInTimeZone(new Date(start + minutes * MINUTE), zone, format);
    // 60-minute slots every 75 minutes from 65 minutes before it: one ends 5 minutes before it
    // starts (inside the 15-minute buffer), one overlaps it, one starts 25 minutes after it ends.
    const generated = await clinic.rest('POST', '/api/availability/generate', {
      psychologistId: clinic.psychologistId,
      startDate: local(0, 'yyyy-MM-dd'),
      endDate: local(0, 'yyyy-MM-dd'),
      startTime: local(-65, 'HH:mm'),
      endTime: local(145, 'HH:mm'),
      daysOfWeek: [Number(local(0, 'i')) % 7],
    });
    expect(generated).toEqual({ status: 201, body: { count: 1, psychologist: { name: expect.any(String) } } });
    const rows = await t.services.db.selectFrom('availability_slots').select(['id', 'start_utc']).where('psychologist_id', '=', clinic.psychologistId).orderBy('start_utc').execute();
    expect(rows.map((row) => new Date(row.start_utc).toISOString())).toEqual([booked.startUtc, new Date(start + 85 * MINUTE).toISOString()]);
    expect(rows[0]!.id).toBe(booked.id);
  });
});
