import { describe, expect, it } from 'vitest';
import Holidays from 'date-holidays';
import { exceptionDatesFor, firstOverlappingRange, freeTimes, keepClearOf, rangesOn, scheduleTimes, type ScheduleException, type WeeklySchedule } from './weekly-schedule';
import { scheduleSlotId, startOfScheduleSlotId } from './schedule-slot-id';
import { withoutOverlaps } from './slots';
import { addCalendarDays } from './calendar-days';

const weekdaysNineToFive = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00' }));
const iso = (times: { startUtc: Date }[]) => times.map((time) => time.startUtc.toISOString());

function schedule(overrides: Partial<WeeklySchedule> = {}): WeeklySchedule {
  return { ranges: weekdaysNineToFive, exceptions: [], timezone: 'Asia/Kuala_Lumpur', slotDurationMinutes: 60, bufferMinutes: 0, ...overrides };
}

/** Kuala Lumpur's 2026 public holidays from the package, as the holiday action applies them. */
function kualaLumpurHolidays(year: number): ScheduleException[] {
  return new Holidays('MY', '14', { types: ['public'] })
    .getHolidays(year)
    .map((holiday) => ({ date: holiday.date.slice(0, 10), kind: 'holiday' as const, startTime: null, endTime: null }));
}

describe('scheduleTimes', () => {
  it('cuts each weekday range into sessions with the buffer, in the psychologist’s timezone', () => {
    const times = scheduleTimes(schedule({ slotDurationMinutes: 45, bufferMinutes: 15, ranges: [{ dayOfWeek: 2, startTime: '09:00', endTime: '12:00' }] }), {
      from: new Date('2026-12-01T00:00:00+08:00'),
      to: new Date('2026-12-02T00:00:00+08:00'),
    });
    // 2026-12-01 is a Tuesday; 09:00 in Kuala Lumpur is 01:00Z.
    expect(iso(times)).toEqual(['2026-12-01T01:00:00.000Z', '2026-12-01T02:00:00.000Z', '2026-12-01T03:00:00.000Z']);
    expect(times[0]!.endUtc.toISOString()).toBe('2026-12-01T01:45:00.000Z');
  });

  it('offers several ranges a day, and none on days without hours', () => {
    const ranges = [
      { dayOfWeek: 1, startTime: '09:00', endTime: '11:00' },
      { dayOfWeek: 1, startTime: '14:00', endTime: '15:00' },
    ];
    const times = scheduleTimes(schedule({ ranges, timezone: 'UTC' }), { from: new Date('2026-11-29T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') });
    expect(iso(times)).toEqual(['2026-11-30T09:00:00.000Z', '2026-11-30T10:00:00.000Z', '2026-11-30T14:00:00.000Z']);
  });

  it('closes every Kuala Lumpur public holiday of 2026 that falls on a weekday, and only those', () => {
    const holidays = kualaLumpurHolidays(2026);
    const year = { from: new Date('2026-01-01T00:00:00+08:00'), to: new Date('2027-01-01T00:00:00+08:00') };
    const open = scheduleTimes(schedule(), year);
    const withHolidays = scheduleTimes(schedule({ exceptions: holidays }), year);
    const holidayDates = new Set(holidays.map((holiday) => holiday.date));
    const dateInKl = (time: { startUtc: Date }) => new Date(time.startUtc.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(withHolidays.some((time) => holidayDates.has(dateInKl(time)))).toBe(false);
    // Hari Kebangsaan (Mon 31 Aug) and Hari Malaysia (Wed 16 Sep) are weekdays: 8 sessions each gone.
    expect(holidayDates.has('2026-08-31') && holidayDates.has('2026-09-16')).toBe(true);
    const weekdayHolidays = [...holidayDates].filter((date) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));
    expect(open.length - withHolidays.length).toBe(weekdayHolidays.length * 8);
  });

  it('adds extra hours on a date, even a closed weekday or a Sunday', () => {
    const exceptions: ScheduleException[] = [
      { date: '2026-12-06', kind: 'extra', startTime: '10:00', endTime: '12:00' },
      { date: '2026-12-07', kind: 'off', startTime: null, endTime: null },
    ];
    const times = scheduleTimes(schedule({ exceptions, timezone: 'UTC' }), { from: new Date('2026-12-06T00:00:00Z'), to: new Date('2026-12-08T00:00:00Z') });
    expect(iso(times)).toEqual(['2026-12-06T10:00:00.000Z', '2026-12-06T11:00:00.000Z']);
    expect(rangesOn('2026-12-07', { ranges: weekdaysNineToFive, exceptions })).toEqual([]);
  });

  it('keeps 09:00 at 09:00 in London across the change to summer time', () => {
    // Clocks go forward on Sunday 2027-03-28: Friday 09:00 is 09:00Z, Monday 09:00 is 08:00Z.
    const times = scheduleTimes(schedule({ timezone: 'Europe/London', ranges: [{ dayOfWeek: 5, startTime: '09:00', endTime: '10:00' }, { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }] }), {
      from: new Date('2027-03-26T00:00:00Z'),
      to: new Date('2027-03-30T00:00:00Z'),
    });
    expect(iso(times)).toEqual(['2027-03-26T09:00:00.000Z', '2027-03-29T08:00:00.000Z']);
  });

  it('keeps a New York Sunday range whole on the day clocks go back', () => {
    // 2026-11-01: 01:00–02:00 happens twice; 00:00–04:00 local is five hours of real time.
    const times = scheduleTimes(schedule({ timezone: 'America/New_York', ranges: [{ dayOfWeek: 0, startTime: '00:00', endTime: '04:00' }] }), {
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-02T12:00:00Z'),
    });
    expect(iso(times)).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-01T05:00:00.000Z', '2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z']);
  });

  it('keeps only times starting inside the range', () => {
    const times = scheduleTimes(schedule({ timezone: 'UTC' }), { from: new Date('2026-12-01T15:30:00Z'), to: new Date('2026-12-01T16:00:01Z') });
    expect(iso(times)).toEqual(['2026-12-01T16:00:00.000Z']);
  });

  it('needs only the exceptions dated within exceptionDatesFor, in the zones furthest from UTC', () => {
    const range = { from: new Date('2026-12-01T05:00:00Z'), to: new Date('2026-12-03T05:00:00Z') };
    const { first, last } = exceptionDatesFor(range);
    // Evening extra hours on every date around the range, and a holiday closing one weekday.
    const dates = Array.from({ length: 15 }, (_, i) => addCalendarDays('2026-11-24', i));
    const exceptions: ScheduleException[] = [
      ...dates.map((date) => ({ date, kind: 'extra' as const, startTime: '20:00', endTime: '23:00' })),
      { date: '2026-12-02', kind: 'holiday', startTime: null, endTime: null },
    ];
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      const all = scheduleTimes(schedule({ timezone, exceptions }), range);
      const read = scheduleTimes(schedule({ timezone, exceptions: exceptions.filter((exception) => exception.date >= first && exception.date <= last) }), range);
      expect(all.length).toBeGreaterThan(0);
      expect(iso(read)).toEqual(iso(all));
    }
  });
});

describe('freeTimes', () => {
  const utc = (hour: number, minute = 0) => new Date(Date.UTC(2026, 11, 1, hour, minute));
  const span = (start: Date, minutes: number) => ({ startUtc: start, endUtc: new Date(start.getTime() + minutes * 60_000) });

  it('leaves out schedule times a stored slot overlaps, free or booked, and stored slots that are booked', () => {
    const at = (hour: number) => span(utc(hour), 60);
    const stored = [{ ...at(9), isBooked: true }, { ...span(utc(11, 30), 60), isBooked: false }, { ...at(20), isBooked: false }];
    const free = freeTimes([at(9), at(10), at(11), at(12), at(13)], stored, 0);
    expect(iso(free.schedule)).toEqual(['2026-12-01T10:00:00.000Z', '2026-12-01T13:00:00.000Z']);
    expect(iso(free.stored)).toEqual(['2026-12-01T11:30:00.000Z', '2026-12-01T20:00:00.000Z']);
  });

  it('keeps the buffer on both sides of a stored slot, and allows a gap of exactly the buffer', () => {
    // Sessions of 60 with a 15-minute buffer: 09:00, 10:15, 11:30, 12:45.
    const sessions = [utc(9), utc(10, 15), utc(11, 30), utc(12, 45)].map((start) => span(start, 60));
    // Ends 5 minutes before 10:15 and starts right as 09:00's session ends: both within 15 minutes.
    const before = freeTimes(sessions, [{ ...span(utc(10), 10), isBooked: false }], 15);
    expect(iso(before.schedule)).toEqual(['2026-12-01T11:30:00.000Z', '2026-12-01T12:45:00.000Z']);
    // A booking 12:35–12:45, 5 minutes after 11:30's end and right against 12:45's start: both go.
    const after = freeTimes(sessions, [{ ...span(utc(12, 35), 10), isBooked: true }], 15);
    expect(iso(after.schedule)).toEqual(['2026-12-01T09:00:00.000Z', '2026-12-01T10:15:00.000Z']);
    // Exactly the buffer after 12:45's end (13:45): nothing goes.
    const exactly = freeTimes(sessions, [{ ...span(utc(14), 30), isBooked: false }], 15);
    expect(exactly.schedule).toHaveLength(4);
  });

  it('never offers two times closer than the buffer, wherever a stored slot lies', () => {
    const sessions = scheduleTimes(schedule({ timezone: 'UTC', bufferMinutes: 10, slotDurationMinutes: 50 }), { from: utc(0), to: utc(23) });
    for (let minute = 8 * 60; minute < 18 * 60; minute += 5) {
      const stored = [{ ...span(utc(0, minute), 45), isBooked: minute % 2 === 0 }];
      const free = freeTimes(sessions, stored, 10);
      for (const time of free.schedule) {
        const gap = Math.max(stored[0]!.startUtc.getTime() - time.endUtc.getTime(), time.startUtc.getTime() - stored[0]!.endUtc.getTime());
        expect(gap).toBeGreaterThanOrEqual(10 * 60_000);
      }
    }
  });

  it('keeps the buffer around a generated slot next to a Kuala Lumpur holiday, which closes only the schedule', () => {
    // Hari Malaysia is Wednesday 16 September 2026. Sessions of 60 every 75 minutes from 09:00:
    // the last starts 15:15 and ends 16:15.
    const withHolidays = schedule({ exceptions: kualaLumpurHolidays(2026), bufferMinutes: 15 });
    const days = { from: new Date('2026-09-15T00:00:00+08:00'), to: new Date('2026-09-18T00:00:00+08:00') };
    const stored = [
      // Tuesday 16:20, 5 minutes after 15:15's session: that session goes.
      { ...span(new Date('2026-09-15T16:20:00+08:00'), 60), isBooked: true },
      // On the holiday: offered itself, the schedule offers nothing that day.
      { ...span(new Date('2026-09-16T10:00:00+08:00'), 60), isBooked: false },
      // Thursday 16:30, exactly the buffer after 15:15's session: it stays.
      { ...span(new Date('2026-09-17T16:30:00+08:00'), 60), isBooked: false },
    ];
    const free = freeTimes(scheduleTimes(withHolidays, days), stored, 15);
    const klTimes = free.schedule.map((time) => new Date(time.startUtc.getTime() + 8 * 3_600_000).toISOString().slice(0, 16));
    expect(klTimes).toEqual([
      '2026-09-15T09:00', '2026-09-15T10:15', '2026-09-15T11:30', '2026-09-15T12:45', '2026-09-15T14:00',
      '2026-09-17T09:00', '2026-09-17T10:15', '2026-09-17T11:30', '2026-09-17T12:45', '2026-09-17T14:00', '2026-09-17T15:15',
    ]);
    expect(iso(free.stored)).toEqual(['2026-09-16T02:00:00.000Z', '2026-09-17T08:30:00.000Z']);
  });

  it('keeps the buffer in London’s wall clock on both sides of the change to summer time', () => {
    // 09:00–12:00 on Fridays and Mondays, 60 minutes with a 15-minute buffer: 09:00 and 10:15.
    // A slot ending 08:50 local on each day (08:50Z on Friday in GMT, 07:50Z on Monday in BST)
    // is 10 minutes before 09:00: both 09:00 sessions go, not only Friday's.
    const london = schedule({ timezone: 'Europe/London', bufferMinutes: 15, ranges: [5, 1].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' })) });
    const times = scheduleTimes(london, { from: new Date('2027-03-26T00:00:00Z'), to: new Date('2027-03-30T00:00:00Z') });
    const stored = [
      { ...span(new Date('2027-03-26T08:00:00Z'), 50), isBooked: false },
      { ...span(new Date('2027-03-29T07:00:00Z'), 50), isBooked: true },
    ];
    expect(iso(freeTimes(times, stored, 15).schedule)).toEqual(['2027-03-26T10:15:00.000Z', '2027-03-29T09:15:00.000Z']);
  });
});

describe('keepClearOf', () => {
  const psychologistId = 'c0ffee00-0000-4000-8000-000000000001';
  const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
  const slot = (start: string, end: string, id: string, isBooked: boolean) => ({ id, startUtc: at(start), endUtc: at(end), isBooked });
  // Candidates 10:00–16:00, 60 minutes each with no gap, as a generation cuts them.
  const candidates = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00'].map((start) => ({
    startUtc: at(start),
    endUtc: new Date(at(start).getTime() + 3_600_000),
  }));
  const kept = (stored: ReturnType<typeof slot>[], bufferMinutes = 15) => iso(withoutOverlaps(candidates, keepClearOf(stored, psychologistId, bufferMinutes)));

  it('keeps the buffer on both sides of a booked weekly-hours time', () => {
    // Booked 12:05–13:05 under its schedule id: 11:00 ends 5 minutes before it, 13:00 overlaps, 14:00 starts 55 minutes after.
    const booked = slot('12:05', '13:05', scheduleSlotId(psychologistId, at('12:05')), true);
    expect(kept([booked])).toEqual(['10:00', '14:00', '15:00'].map((hhmm) => at(hhmm).toISOString()));
    // Without a buffer only the overlaps go.
    expect(kept([booked], 0)).toEqual(['10:00', '11:00', '14:00', '15:00'].map((hhmm) => at(hhmm).toISOString()));
  });

  it('keeps only clear of the times of other stored slots: free weekly-hours rows, generated slots booked or not, and another psychologist\'s schedule ids', () => {
    const stored = [
      slot('11:05', '11:55', scheduleSlotId(psychologistId, at('11:05')), false),
      slot('13:00', '14:00', 'b5a6f3a0-7c1e-4d2b-9a3e-111111111111', true),
      slot('15:00', '16:00', scheduleSlotId('c0ffee00-0000-4000-8000-000000000002', at('15:00')), true),
    ];
    expect(keepClearOf(stored, psychologistId, 15)).toEqual(stored.map(({ startUtc, endUtc }) => ({ startUtc, endUtc })));
    expect(kept(stored)).toEqual(['10:00', '12:00', '14:00'].map((hhmm) => at(hhmm).toISOString()));
  });
});

describe('firstOverlappingRange', () => {
  it('finds a range overlapping an earlier one of its day; touching ends and other days are fine', () => {
    expect(firstOverlappingRange([{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }, { dayOfWeek: 1, startTime: '12:00', endTime: '13:00' }, { dayOfWeek: 2, startTime: '09:00', endTime: '12:00' }])).toBe(-1);
    expect(firstOverlappingRange([{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }, { dayOfWeek: 1, startTime: '11:00', endTime: '13:00' }])).toBe(1);
  });
});

describe('schedule slot ids', () => {
  it('are UUIDs naming the start, of their psychologist only', () => {
    const start = new Date('2026-12-01T01:00:00Z');
    const id = scheduleSlotId('6f1c2a9e-8f7d-4c1b-9a55-0d3e8b7a1c42', start);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(startOfScheduleSlotId(id, '6f1c2a9e-8f7d-4c1b-9a55-0d3e8b7a1c42')).toEqual(start);
    expect(startOfScheduleSlotId(id, '0b0c1d2e-3f40-4152-8364-758697a8b9ca')).toBeUndefined();
    expect(startOfScheduleSlotId('6f1c2a9e-8f7d-4c1b-9a55-0d3e8b7a1c42', '6f1c2a9e-8f7d-4c1b-9a55-0d3e8b7a1c42')).toBeUndefined();
  });
});
