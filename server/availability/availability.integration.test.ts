import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertPsychologist, insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { signedInAs, signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { translationsFor } from '../translations';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface SlotBody {
  id: string;
  startUtc: string;
  endUtc: string;
  isBooked: boolean;
}

describe.each(TEST_DIALECTS)('the admin availability on %s', (dialect) => {
  let t: TestApp;
  let operator: SignedInOperator;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signInNewOperator(t);
  });
  afterAll(() => t.close());

  const newPsychologist = (overrides: Parameters<typeof insertPsychologist>[2] = {}) =>
    insertPsychologist(t.services.db, operator.userId, overrides);
  const pattern = (psychologistId: string, overrides: Record<string, unknown> = {}) => ({
    psychologistId,
    startDate: '2030-12-02', // a Monday
    endDate: '2030-12-08',
    startTime: '09:00',
    endTime: '12:00',
    daysOfWeek: [1, 2, 3, 4, 5],
    timezone: 'Asia/Kuala_Lumpur',
    ...overrides,
  });
  const generate = async (body: Record<string, unknown>) => operator.rest('POST', '/api/availability/generate', body);
  const starts = async (psychologistId: string, from = '2030-01-01T00:00:00Z', to = '2030-12-31T00:00:00Z') => {
    const { body } = await operator.rest('GET', `/api/availability/${psychologistId}?from=${from}&to=${to}`);
    return (body as SlotBody[]).map((slot) => slot.startUtc);
  };

  /** Moves the clock and signs in again: a session ends 12 hours after its sign-in. */
  const travelTo = async (instant?: string) => {
    t.services.now = () => (instant === undefined ? new Date() : new Date(instant));
    operator = await signedInAs(t, operator);
  };

  describe('generate', () => {
    // The patterns below lie in 2030, which must be within MAX_GENERATION_MONTHS_AHEAD.
    beforeAll(() => travelTo('2030-11-01T00:00:00Z'));
    afterAll(() => travelTo());

    it('creates the weekday slots in UTC and answers the count and the psychologist’s name', async () => {
      const id = await newPsychologist({ name: 'Dr. Aisyah' });
      const generated = await generate(pattern(id));
      expect(generated).toEqual({ status: 201, body: { count: 15, psychologist: { name: 'Dr. Aisyah' } } });
      const listed = await operator.rest('GET', `/api/availability/${id}?from=2030-12-01T00:00:00Z&to=2030-12-09T00:00:00Z`);
      expect((listed.body as SlotBody[])[0]).toEqual({
        id: expect.any(String),
        startUtc: '2030-12-02T01:00:00.000Z', // 09:00 in Kuala Lumpur
        endUtc: '2030-12-02T02:00:00.000Z',
        isBooked: false,
      });
      expect((listed.body as SlotBody[]).at(-1)!.startUtc).toBe('2030-12-06T03:00:00.000Z');
    });

    it('answers the same over tRPC', async () => {
      const id = await newPsychologist({ name: 'Dr. Trpc' });
      const generated = await operator.mutate('admin.availability.generate', pattern(id, { daysOfWeek: [1] }));
      expect(generated).toEqual({ status: 200, data: { count: 3, psychologist: { name: 'Dr. Trpc' } } });
    });

    it('uses the psychologist’s slot length and buffer', async () => {
      const id = await newPsychologist({ slotDurationMinutes: 45, bufferMinutes: 15 });
      const generated = await generate(pattern(id, { endDate: '2030-12-02', endTime: '11:30' }));
      expect(generated.body).toMatchObject({ count: 2 });
      expect(await starts(id)).toEqual(['2030-12-02T01:00:00.000Z', '2030-12-02T02:00:00.000Z']);
    });

    it('keeps New York wall-clock times across the end of daylight saving', async () => {
      // US clocks go back on Sunday 2030-11-03: EDT (UTC-4) before, EST (UTC-5) after.
      const id = await newPsychologist({ timezone: 'America/New_York' });
      const generated = await generate(
        pattern(id, { startDate: '2030-11-01', endDate: '2030-11-04', endTime: '11:00', timezone: 'America/New_York' }),
      );
      expect(generated.body).toMatchObject({ count: 4 });
      expect(await starts(id)).toEqual([
        '2030-11-01T13:00:00.000Z',
        '2030-11-01T14:00:00.000Z',
        '2030-11-04T14:00:00.000Z',
        '2030-11-04T15:00:00.000Z',
      ]);
    });

    it('reads the times in the psychologist’s timezone when the request names none', async () => {
      const id = await newPsychologist({ timezone: 'Europe/London' });
      await generate(pattern(id, { endDate: '2030-12-02', endTime: '10:00', timezone: undefined }));
      expect(await starts(id)).toEqual(['2030-12-02T09:00:00.000Z']);
    });

    it('never duplicates a slot: the same pattern again creates nothing', async () => {
      const id = await newPsychologist();
      await generate(pattern(id));
      expect((await generate(pattern(id))).body).toMatchObject({ count: 0 });
      expect(await starts(id)).toHaveLength(15);
    });

    it('leaves out slots overlapping existing ones, booked or free, and fills the free times around them', async () => {
      const id = await newPsychologist();
      const booked = await insertSlot(t.services.db, id, new Date('2030-12-02T01:00:00Z')); // 09:00-10:00
      await bookSlot(t.services.db, { userId: operator.userId, psychologistId: id, slotId: booked });
      await insertSlot(t.services.db, id, new Date('2030-12-02T03:30:00Z'), 30); // 11:30-12:00 free
      const generated = await generate(pattern(id, { endDate: '2030-12-02', startTime: '09:30', endTime: '13:30' }));
      // 09:30 overlaps the booked slot and 11:30 the free one; 10:30 and 12:30 fit.
      expect(generated.body).toMatchObject({ count: 2 });
      expect(await starts(id)).toEqual([
        '2030-12-02T01:00:00.000Z',
        '2030-12-02T02:30:00.000Z',
        '2030-12-02T03:30:00.000Z',
        '2030-12-02T04:30:00.000Z',
      ]);
    });

    it('creates no slot in the past', async () => {
      const id = await newPsychologist();
      const day = (offset: number) => new Date(t.services.now().getTime() + offset * DAY).toISOString().slice(0, 10);
      const past = await generate(pattern(id, { startDate: day(-3), endDate: day(-1), daysOfWeek: [0, 1, 2, 3, 4, 5, 6] }));
      expect(past.body).toMatchObject({ count: 0 });
    });

    it('takes a whole year of 366 days in one request, inserting in batches', async () => {
      const id = await newPsychologist();
      const everyDay = [0, 1, 2, 3, 4, 5, 6];
      await travelTo('2031-03-01T00:00:00Z');
      const generated = await generate(pattern(id, { startDate: '2031-03-01', endDate: '2032-02-29', endTime: '11:00', daysOfWeek: everyDay }));
      await travelTo('2030-11-01T00:00:00Z');
      expect(generated).toMatchObject({ status: 201, body: { count: 366 * 2 } });
    });

    it('refuses an end date more than 12 months after the psychologist’s today, in their language', async () => {
      const id = await newPsychologist();
      // 2030-11-01T00:00Z is already 08:00 on 1 November in Kuala Lumpur.
      expect((await generate(pattern(id, { startDate: '2031-10-25', endDate: '2031-11-01' }))).status).toBe(201);
      const tooFar = await generate(pattern(id, { startDate: '2031-10-26', endDate: '2031-11-02' }));
      const texts = (language: 'en' | 'ms') => translationsFor(language).limits.availability.tooFarAhead({ months: 12, lastDate: '2031-11-01' });
      expect(tooFar).toEqual({ status: 400, body: { error: texts('en') } });
      expect(texts('ms')).toContain('2031-11-01');
      const viaTrpc = await operator.mutate('admin.availability.generate', pattern(id, { startDate: '9998-01-01', endDate: '9998-12-31' }));
      expect(viaTrpc.error).toMatchObject({ data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    });

    it('refuses a request for more than 5,000 slots, saying how many it would make, and creates none', async () => {
      const id = await newPsychologist({ slotDurationMinutes: 30 });
      const everyDay = [0, 1, 2, 3, 4, 5, 6];
      // 2 slots an hour for 12 hours, every day from 1 November 2030 to 30 June 2031: 242 days.
      const tooMany = await generate(pattern(id, { startDate: '2030-11-01', endDate: '2031-06-30', startTime: '07:00', endTime: '19:00', daysOfWeek: everyDay }));
      expect(tooMany).toEqual({ status: 400, body: { error: translationsFor('en').limits.availability.tooManySlots({ max: 5_000, count: 242 * 24 }) } });
      expect(await starts(id, '2030-11-01T00:00:00Z', '2031-07-01T00:00:00Z')).toEqual([]);
      // Days before the psychologist's today do not count, nor make slots: four days are left.
      const fromThePast = await generate(pattern(id, { startDate: '2030-03-01', endDate: '2030-11-04', daysOfWeek: everyDay }));
      expect(fromThePast).toMatchObject({ status: 201, body: { count: 4 * 6 } });
    });

    it('refuses a range beyond a year with a 400 on the end date', async () => {
      const id = await newPsychologist();
      const tooLong = await generate(pattern(id, { startDate: '2031-01-01', endDate: '2032-01-02' }));
      const message = 'must be within a year of the start date (at most 366 days per request)';
      expect(tooLong).toEqual({ status: 400, body: { error: 'Please check the highlighted fields.', fields: { endDate: [message] } } });
      expect(await starts(id, '2031-01-01T00:00:00Z', '2031-12-31T00:00:00Z')).toEqual([]);
    });

    it('refuses each invalid field with a 400 naming it, on both transports', async () => {
      const id = await newPsychologist();
      const invalid: [Record<string, unknown>, string, string][] = [
        [{ endDate: '2030-12-01' }, 'endDate', 'must be on or after the start date'],
        [{ startDate: '2030-02-30' }, 'startDate', 'must be a date as YYYY-MM-DD'],
        [{ endTime: '09:00' }, 'endTime', 'must be after the start time'],
        [{ startTime: '9:00' }, 'startTime', 'must be a time as HH:mm'],
        [{ daysOfWeek: [] }, 'daysOfWeek', 'choose at least one day of the week'],
        [{ daysOfWeek: [7] }, 'daysOfWeek.0', 'must be days of the week from 0 (Sunday) to 6 (Saturday)'],
        [{ timezone: 'Asia/Jakarta' }, 'timezone', 'must be one of Asia/Kuala_Lumpur, Asia/Singapore, UTC, America/New_York, Europe/London'],
        [{ psychologistId: 'dr-x' }, 'psychologistId', 'must be a psychologist id (UUID)'],
      ];
      for (const [overrides, field, message] of invalid) {
        const rest = await generate(pattern(id, overrides));
        expect(rest, field).toEqual({ status: 400, body: { error: 'Please check the highlighted fields.', fields: { [field]: [message] } } });
        const viaTrpc = await operator.mutate('admin.availability.generate', pattern(id, overrides));
        expect(viaTrpc.error?.data.fields, field).toEqual({ [field]: [message] });
      }
      expect(await starts(id)).toEqual([]);
    });

    it('answers 404 for an unknown psychologist', async () => {
      const unknown = await generate(pattern('00000000-0000-4000-8000-000000000000'));
      expect(unknown).toEqual({ status: 404, body: { error: 'Psychologist not found' } });
    });
  });

  describe('list', () => {
    it('shows the next 90 days by default, booked slots marked, in time order, on both transports', async () => {
      const id = await newPsychologist();
      const now = Date.now();
      const later = await insertSlot(t.services.db, id, new Date(now + 89 * DAY));
      const soon = await insertSlot(t.services.db, id, new Date(now + DAY));
      await insertSlot(t.services.db, id, new Date(now + 91 * DAY));
      await insertSlot(t.services.db, id, new Date(now - HOUR));
      await bookSlot(t.services.db, { userId: operator.userId, psychologistId: id, slotId: soon });
      const rest = await operator.rest('GET', `/api/availability/${id}`);
      expect(rest.status).toBe(200);
      expect((rest.body as SlotBody[]).map((slot) => [slot.id, slot.isBooked])).toEqual([
        [soon, true],
        [later, false],
      ]);
      expect((await operator.query('admin.availability.list', { psychologistId: id })).data).toEqual(rest.body);
    });

    it('refuses a reversed range or one longer than 366 days', async () => {
      const id = await newPsychologist();
      const reversed = await operator.rest('GET', `/api/availability/${id}?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z`);
      expect(reversed).toEqual({ status: 400, body: { error: 'Please check the highlighted fields.', fields: { to: ['must be after from'] } } });
      const tooLong = await operator.query('admin.availability.list', { psychologistId: id, from: '2030-01-01T00:00:00Z', to: '2031-01-03T00:00:00Z' });
      expect(tooLong.error?.data.fields).toEqual({ to: ['must be at most 366 days after from'] });
      const pastOnly = await operator.rest('GET', `/api/availability/${id}?to=2020-01-01T00:00:00Z`);
      expect(pastOnly.status).toBe(400);
      expect((pastOnly.body as { error: string }).error).toMatch(/must be after its start/);
    });

    it('answers 404 for an unknown psychologist', async () => {
      const unknown = await operator.rest('GET', '/api/availability/00000000-0000-4000-8000-000000000000');
      expect(unknown).toEqual({ status: 404, body: { error: 'Psychologist not found' } });
    });
  });

  describe('update and delete', () => {
    let psychologistId: string;
    beforeAll(async () => {
      psychologistId = await newPsychologist();
    });
    const slotAt = (iso: string) => insertSlot(t.services.db, psychologistId, new Date(iso));
    const booked = async (iso: string) => {
      const slotId = await slotAt(iso);
      await bookSlot(t.services.db, { userId: operator.userId, psychologistId, slotId });
      return slotId;
    };
    const slotRow = (slotId: string) =>
      t.services.db.selectFrom('availability_slots').select(['start_utc', 'end_utc']).where('id', '=', slotId).executeTakeFirst();
    const bookedMessage = (consequence: string) => `This slot is booked by a client. ${consequence}; confirm to go ahead anyway.`;

    it('moves a free slot to new times over REST and tRPC', async () => {
      const slotId = await slotAt('2030-06-03T01:00:00Z');
      const moved = await operator.rest('PATCH', `/api/availability/${slotId}`, {
        startUtc: '2030-06-03T02:00:00.000Z',
        endUtc: '2030-06-03T02:45:00.000Z',
      });
      expect(moved).toEqual({
        status: 200,
        body: { id: slotId, startUtc: '2030-06-03T02:00:00.000Z', endUtc: '2030-06-03T02:45:00.000Z', isBooked: false },
      });
      const viaTrpc = await operator.mutate('admin.availability.update', {
        slotId,
        startUtc: '2030-06-03T09:00:00+08:00',
        endUtc: '2030-06-03T10:00:00+08:00',
      });
      expect(viaTrpc.data).toMatchObject({ startUtc: '2030-06-03T01:00:00.000Z', endUtc: '2030-06-03T02:00:00.000Z' });
      expect(await starts(psychologistId, '2030-06-03T00:00:00Z', '2030-06-04T00:00:00Z')).toEqual(['2030-06-03T01:00:00.000Z']);
    });

    it('accepts a save that leaves the times as they were', async () => {
      const slotId = await slotAt('2030-06-10T01:00:00Z');
      const unchanged = await operator.rest('PATCH', `/api/availability/${slotId}`, {
        startUtc: '2030-06-10T01:00:00.000Z',
        endUtc: '2030-06-10T02:00:00.000Z',
      });
      expect(unchanged.status).toBe(200);
    });

    it('refuses new times overlapping another slot of the psychologist', async () => {
      await slotAt('2030-06-04T01:00:00Z');
      const slotId = await slotAt('2030-06-04T03:00:00Z');
      const clash = await operator.rest('PATCH', `/api/availability/${slotId}`, {
        startUtc: '2030-06-04T01:30:00Z',
        endUtc: '2030-06-04T02:30:00Z',
      });
      expect(clash).toEqual({
        status: 409,
        body: { error: 'The new times overlap another slot of this psychologist. Choose times that are free.' },
      });
      expect(new Date((await slotRow(slotId))!.start_utc).toISOString()).toBe('2030-06-04T03:00:00.000Z');
    });

    it('refuses an end before the start with a 400 naming endUtc', async () => {
      const slotId = await slotAt('2030-06-05T01:00:00Z');
      const reversed = await operator.mutate('admin.availability.update', {
        slotId,
        startUtc: '2030-06-05T02:00:00Z',
        endUtc: '2030-06-05T01:00:00Z',
      });
      expect(reversed.status).toBe(400);
      expect(reversed.error?.data.fields).toEqual({ endUtc: ['must be after the start time'] });
    });

    it('moves a booked slot only when the operator confirms, saying why otherwise, and tells the visitor both times', async () => {
      const slotId = await booked('2030-06-06T01:00:00Z');
      const appointmentOf = () =>
        t.services.db.selectFrom('appointments').select(['id', 'active_slot_id', 'revision', 'client_email']).where('slot_id', '=', slotId).executeTakeFirstOrThrow();
      const before = await appointmentOf();
      const times = { startUtc: '2030-06-06T05:00:00Z', endUtc: '2030-06-06T06:00:00Z' };
      const refused = await operator.rest('PATCH', `/api/availability/${slotId}`, times);
      expect(refused).toEqual({ status: 409, body: { error: bookedMessage('Moving it changes the time of their appointment') } });
      expect(new Date((await slotRow(slotId))!.start_utc).toISOString()).toBe('2030-06-06T01:00:00.000Z');
      expect(await outboxEmailsTo(t.services.db, before.client_email)).toEqual([]);

      const confirmed = await operator.mutate('admin.availability.update', { slotId, ...times, confirmBooked: true });
      expect(confirmed.data).toMatchObject({ startUtc: '2030-06-06T05:00:00.000Z', isBooked: true });
      const after = await appointmentOf();
      expect(after.active_slot_id).toBe(slotId);
      // A new revision: the reminders of the old time are withdrawn, and the calendar event updated.
      expect(Number(after.revision)).toBe(Number(before.revision) + 1);
      const events = await t.services.db.selectFrom('appointment_events').select(['actor', 'from_status', 'to_status']).where('appointment_id', '=', before.id).execute();
      expect(events).toEqual([{ actor: 'clinic', from_status: 'requested', to_status: 'requested' }]);
      // In the visitor's language (the fixture's is Malay), naming the time it left: 09:00 in Kuala Lumpur.
      const texts = translationsFor('ms').bookingEmails.rescheduled;
      const mails = await outboxEmailsTo(t.services.db, before.client_email);
      expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([['clinic-rescheduled', texts.subject()]]);
      expect(mails[0]!.text).toMatch(new RegExp(`${texts.earlier({ when: '' }).split(':')[0]}: [^\\n]*9[:.]00`));
    });

    it('deletes a free slot over REST and over tRPC', async () => {
      const first = await slotAt('2030-06-07T01:00:00Z');
      const second = await slotAt('2030-06-07T02:00:00Z');
      expect(await operator.rest('DELETE', `/api/availability/${first}`)).toEqual({ status: 200, body: { cancelledAppointment: false } });
      expect((await operator.mutate('admin.availability.delete', { slotId: second })).data).toEqual({ cancelledAppointment: false });
      expect([await slotRow(first), await slotRow(second)]).toEqual([undefined, undefined]);
    });

    it('deletes a booked slot only when the operator confirms, taking the appointment with it', async () => {
      const slotId = await booked('2030-06-08T01:00:00Z');
      const refused = await operator.rest('DELETE', `/api/availability/${slotId}`);
      expect(refused).toEqual({ status: 409, body: { error: bookedMessage('Deleting it cancels their appointment') } });
      expect((await operator.mutate('admin.availability.delete', { slotId, confirmBooked: false })).status).toBe(409);
      expect(await slotRow(slotId)).toBeDefined();

      const confirmed = await operator.rest('DELETE', `/api/availability/${slotId}?confirmBooked=true`);
      expect(confirmed).toEqual({ status: 200, body: { cancelledAppointment: true } });
      expect(await slotRow(slotId)).toBeUndefined();
      const appointments = await t.services.db.selectFrom('appointments').select('id').where('slot_id', '=', slotId).execute();
      expect(appointments).toEqual([]);
    });

    it('answers 404 for an unknown slot', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const notFound = { status: 404, body: { error: 'Availability slot not found' } };
      expect(await operator.rest('DELETE', `/api/availability/${unknown}`)).toEqual(notFound);
      expect(await operator.rest('PATCH', `/api/availability/${unknown}`, { startUtc: '2030-06-09T01:00:00Z', endUtc: '2030-06-09T02:00:00Z' })).toEqual(notFound);
    });
  });
});
