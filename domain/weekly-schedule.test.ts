import { describe, expect, it } from 'vitest';
import Holidays from 'date-holidays';
import { firstOverlappingRange, freeTimes, rangesOn, scheduleTimes, type ScheduleException, type WeeklySchedule } from './weekly-schedule';
import { scheduleSlotId, startOfScheduleSlotId } from './schedule-slot-id';

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
});

describe('freeTimes', () => {
  it('leaves out schedule times a stored slot overlaps, and stored slots that are booked', () => {
    const at = (hour: number) => ({ startUtc: new Date(Date.UTC(2026, 11, 1, hour)), endUtc: new Date(Date.UTC(2026, 11, 1, hour + 1)) });
    const stored = [{ ...at(9), isBooked: true }, { ...at(20), isBooked: false }];
    const free = freeTimes([at(9), at(10)], stored);
    expect(iso(free.schedule)).toEqual(['2026-12-01T10:00:00.000Z']);
    expect(iso(free.stored)).toEqual(['2026-12-01T20:00:00.000Z']);
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
