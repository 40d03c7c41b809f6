import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { addCalendarDays, calendarDateIn } from '../../domain/calendar-days';
import { bookingRequest, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs, signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const KL = 'Asia/Kuala_Lumpur';
const HOUR = 3_600_000;

/** `hour`:00 in Kuala Lumpur (UTC+8, no daylight saving) on a date. */
const klTime = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 8) * HOUR);

describe.each(TEST_DIALECTS)('clearing a day’s free slots on %s', (dialect) => {
  let t: TestApp;
  let operator: SignedInOperator;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signInNewOperator(t);
  });
  afterAll(() => t.close());

  /** A day a few days ahead where the psychologist works, so nothing on it has begun. */
  const dayAhead = () => addCalendarDays(calendarDateIn(new Date(), KL), 3);
  const slotIdsOf = async (psychologistId: string) =>
    (await t.services.db.selectFrom('availability_slots').select('id').where('psychologist_id', '=', psychologistId).execute()).map((s) => s.id).sort();

  it('deletes the day’s free slots in the psychologist’s timezone, keeps the booked one and the next day, and answers the count', async () => {
    const psychologistId = await insertPsychologist(t.services.db, operator.userId, { timezone: KL });
    const day = dayAhead();
    // 00:30 in Kuala Lumpur is the day before in UTC: it still belongs to the day.
    const early = await insertSlot(t.services.db, psychologistId, new Date(klTime(day, 0).getTime() + HOUR / 2));
    const free = [early, await insertSlot(t.services.db, psychologistId, klTime(day, 9)), await insertSlot(t.services.db, psychologistId, klTime(day, 23))];
    const booked = await insertSlot(t.services.db, psychologistId, klTime(day, 10));
    await bookSlot(t.services.db, { userId: operator.userId, psychologistId, slotId: booked });
    const nextDay = await insertSlot(t.services.db, psychologistId, klTime(addCalendarDays(day, 1), 0));
    const dayBefore = await insertSlot(t.services.db, psychologistId, klTime(addCalendarDays(day, -1), 23));
    expect(free).toHaveLength(3);

    const answer = await operator.rest('DELETE', `/api/psychologists/${psychologistId}/slots?date=${day}`);
    expect(answer).toEqual({ status: 200, body: { count: 3 } });
    expect(await slotIdsOf(psychologistId)).toEqual([booked, nextDay, dayBefore].sort());
    const appointments = await t.services.db.selectFrom('appointments').select('active_slot_id').where('psychologist_id', '=', psychologistId).execute();
    expect(appointments).toEqual([{ active_slot_id: booked }]);

    // Again: nothing left to clear, the booked slot stays.
    expect(await operator.mutate('admin.availability.clearDay', { psychologistId, date: day })).toEqual({ status: 200, data: { count: 0 } });
    expect(await slotIdsOf(psychologistId)).toEqual([booked, nextDay, dayBefore].sort());
  });

  it('leaves the slots of the day that have already begun', async () => {
    const clinic = await signInNewOperator(t);
    const psychologistId = await insertPsychologist(t.services.db, clinic.userId, { timezone: KL });
    const day = '2030-06-03';
    const begun = await insertSlot(t.services.db, psychologistId, klTime(day, 9));
    await insertSlot(t.services.db, psychologistId, klTime(day, 11));
    t.services.now = () => new Date(klTime(day, 9).getTime() + HOUR / 2);
    try {
      const signedIn = await signedInAs(t, clinic);
      expect((await signedIn.rest('DELETE', `/api/psychologists/${psychologistId}/slots?date=${day}`)).body).toEqual({ count: 1 });
      expect(await slotIdsOf(psychologistId)).toEqual([begun]);
    } finally {
      t.services.now = () => new Date();
    }
  });

  it('refuses a date that is not one, in the caller’s language, under the field', async () => {
    const psychologistId = await insertPsychologist(t.services.db, operator.userId);
    for (const date of ['2030-02-30', 'tomorrow', '']) {
      const answer = await operator.rest('DELETE', `/api/psychologists/${psychologistId}/slots?date=${date}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Please check the highlighted fields.', fields: { date: [expect.any(String)] } });
    }
    const malay = await t.app.inject({
      method: 'DELETE',
      url: `/api/psychologists/${psychologistId}/slots?date=2030-13-01`,
      headers: { cookie: operator.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'x-minda-locale': 'ms' },
    });
    expect(malay.statusCode).toBe(400);
    expect(JSON.stringify(malay.json())).not.toContain('Please check');
  });

  it('never deletes a slot that a booking takes at the same moment', async () => {
    const screener = await insertBookableScreener(t.services.db, { timezone: KL, minimumAdvanceHours: 0 });
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
    const clinic = await signedInAs(t, screener);
    for (let round = 0; round < 3; round++) {
      const day = addCalendarDays(dayAhead(), round);
      const slotIds = await Promise.all(Array.from({ length: 12 }, (_, hour) => insertSlot(t.services.db, screener.psychologistId, klTime(day, 8 + hour))));
      const bookings = slotIds.filter((_, i) => i % 2 === 0).map((slotId) => postBooking(t, bookingRequest(screener, slotId)));
      const clear = clinic.mutate('admin.availability.clearDay', { psychologistId: screener.psychologistId, date: day });
      const [cleared, ...booked] = await Promise.all([clear, ...bookings]);

      const won = booked.filter((b) => b.status === 201);
      // A booking either took its slot before the clear, or found it gone.
      for (const lost of booked.filter((b) => b.status !== 201)) expect(lost.status).toBe(404);
      expect(cleared.status).toBe(200);
      expect((cleared.data as { count: number }).count + won.length, `round ${round}`).toBe(slotIds.length);
      const standing = await t.services.db
        .selectFrom('appointments')
        .innerJoin('availability_slots', 'availability_slots.id', 'appointments.active_slot_id')
        .select('appointments.id')
        .where('appointments.psychologist_id', '=', screener.psychologistId)
        .where('availability_slots.start_utc', '>=', klTime(day, 0))
        .where('availability_slots.start_utc', '<', klTime(addCalendarDays(day, 1), 0))
        .execute();
      expect(standing).toHaveLength(won.length);
    }
  });
});
