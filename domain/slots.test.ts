import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  type AvailabilityPattern,
  calendarDates,
  countSlotTimes,
  generateSlotTimes,
  inclusiveDayCount,
  overlaps,
  patternParts,
  withoutOverlaps,
} from './slots';

const weekdays = [1, 2, 3, 4, 5];
const base: AvailabilityPattern = {
  startDate: '2026-11-23', // a Monday
  endDate: '2026-11-29', // the Sunday after
  startTime: '09:00',
  endTime: '12:00',
  daysOfWeek: weekdays,
  timezone: 'Asia/Kuala_Lumpur',
  slotDurationMinutes: 60,
  bufferMinutes: 0,
};

const iso = (d: Date) => d.toISOString();

describe('calendarDates', () => {
  it('includes both ends', () => {
    expect([...calendarDates('2026-12-30', '2027-01-02')]).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});

describe('generateSlotTimes', () => {
  it('makes back-to-back slots on the chosen weekdays only, stored in UTC', () => {
    const slots = generateSlotTimes(base);
    expect(slots).toHaveLength(5 * 3);
    // 09:00 in Kuala Lumpur (UTC+8) is 01:00 UTC.
    expect(iso(slots[0]!.startUtc)).toBe('2026-11-23T01:00:00.000Z');
    expect(iso(slots[0]!.endUtc)).toBe('2026-11-23T02:00:00.000Z');
    expect(iso(slots[2]!.startUtc)).toBe('2026-11-23T03:00:00.000Z');
    expect(iso(slots.at(-1)!.startUtc)).toBe('2026-11-27T03:00:00.000Z');
  });

  it('leaves the buffer between slots and drops a slot that would run past the end time', () => {
    const slots = generateSlotTimes({
      ...base,
      endDate: base.startDate,
      slotDurationMinutes: 45,
      bufferMinutes: 15,
      endTime: '11:30',
    });
    // 09:00-09:45, 10:00-10:45; 11:00-11:45 would end after 11:30.
    expect(slots.map((s) => iso(s.startUtc))).toEqual([
      '2026-11-23T01:00:00.000Z',
      '2026-11-23T02:00:00.000Z',
    ]);
  });

  it('keeps the wall-clock time across the New York daylight-saving change', () => {
    // US clocks go back on Sunday 2026-11-01: EDT (UTC-4) before, EST (UTC-5) after.
    const slots = generateSlotTimes({
      ...base,
      timezone: 'America/New_York',
      startDate: '2026-10-30',
      endDate: '2026-11-02',
      endTime: '10:00',
    });
    expect(slots.map((s) => iso(s.startUtc))).toEqual([
      '2026-10-30T13:00:00.000Z', // Friday 09:00 EDT
      '2026-11-02T14:00:00.000Z', // Monday 09:00 EST
    ]);
  });

  it('keeps the wall-clock time across the London spring change', () => {
    // UK clocks go forward on Sunday 2027-03-28: GMT before, BST (UTC+1) after.
    const slots = generateSlotTimes({
      ...base,
      timezone: 'Europe/London',
      startDate: '2027-03-26',
      endDate: '2027-03-29',
      endTime: '10:00',
    });
    expect(slots.map((s) => iso(s.startUtc))).toEqual([
      '2027-03-26T09:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
    ]);
  });

  it('makes nothing when no chosen weekday falls in the range', () => {
    expect(generateSlotTimes({ ...base, endDate: '2026-11-23', daysOfWeek: [0, 6] })).toEqual([]);
  });

  it.each(['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kuala_Lumpur'])(
    'places every slot of a year, clock changes included, exactly where the zone puts its wall-clock time (%s)',
    (timezone) => {
      // Round the clock, every day, so slots fall inside and beside each change (Lord Howe's is
      // half an hour, Santiago's at midnight).
      const pattern = { ...base, startDate: '2027-01-01', endDate: '2027-12-31', startTime: '00:00', endTime: '23:30', daysOfWeek: [0, 1, 2, 3, 4, 5, 6], timezone, slotDurationMinutes: 30 };
      const slots = generateSlotTimes(pattern);
      const dates = [...calendarDates(pattern.startDate, pattern.endDate)];
      expect(slots).toHaveLength(365 * 47);
      slots.forEach((slot, i) => {
        const date = dates[Math.floor(i / 47)]!;
        const minutes = (i % 47) * 30;
        const local = `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
        expect(iso(slot.startUtc), local).toBe(iso(fromZonedTime(local, timezone)));
      });
    },
  );
});

describe('inclusiveDayCount', () => {
  it('counts both ends, across a leap day', () => {
    expect(inclusiveDayCount('2026-11-23', '2026-11-23')).toBe(1);
    expect(inclusiveDayCount('2027-03-01', '2028-02-29')).toBe(366);
    expect(inclusiveDayCount('2026-11-23', '2026-11-22')).toBe(0);
  });
});

describe('overlaps', () => {
  const at = (start: string, end: string) => ({ startUtc: new Date(start), endUtc: new Date(end) });
  it('treats touching slots as not overlapping', () => {
    expect(overlaps(at('2027-01-04T01:00Z', '2027-01-04T02:00Z'), at('2027-01-04T02:00Z', '2027-01-04T03:00Z'))).toBe(false);
    expect(overlaps(at('2027-01-04T01:00Z', '2027-01-04T02:00Z'), at('2027-01-04T01:59Z', '2027-01-04T03:00Z'))).toBe(true);
    expect(overlaps(at('2027-01-04T01:00Z', '2027-01-04T04:00Z'), at('2027-01-04T02:00Z', '2027-01-04T03:00Z'))).toBe(true);
  });
});

describe('withoutOverlaps', () => {
  const hour = (h: number, minutes = 60) => ({
    startUtc: new Date(Date.UTC(2027, 0, 4, h)),
    endUtc: new Date(Date.UTC(2027, 0, 4, h) + minutes * 60_000),
  });

  it('keeps every candidate when nothing exists yet', () => {
    expect(withoutOverlaps([hour(1), hour(2)], [])).toEqual([hour(1), hour(2)]);
  });

  it('drops a candidate that duplicates or overlaps an existing slot, keeps touching ones', () => {
    const kept = withoutOverlaps([hour(1), hour(2), hour(3), hour(4)], [hour(2), { ...hour(3), startUtc: new Date(Date.UTC(2027, 0, 4, 3, 30)) }]);
    expect(kept).toEqual([hour(1), hour(4)]);
  });

  it('sees a long existing slot that starts before shorter ones', () => {
    // 00:00-05:00 covers 03:00 even though the 01:00-01:30 slot starts later and ends earlier.
    const kept = withoutOverlaps([hour(3), hour(6)], [hour(0, 300), hour(1, 30)]);
    expect(kept).toEqual([hour(6)]);
  });

  it('never keeps two candidates that overlap each other, and answers in time order', () => {
    expect(withoutOverlaps([hour(2), hour(1, 90), hour(3)], [])).toEqual([hour(1, 90), hour(3)]);
  });
});

describe('addCalendarMonths', () => {
  it('moves to the same day of a later month, across years', () => {
    expect(addCalendarMonths('2026-11-23', 12)).toBe('2027-11-23');
    expect(addCalendarMonths('2026-11-23', 2)).toBe('2027-01-23');
  });

  it('stops at the last day of a shorter month', () => {
    expect(addCalendarMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addCalendarMonths('2027-01-31', 1)).toBe('2027-02-28');
  });
});

describe('countSlotTimes', () => {
  it('counts what generateSlotTimes makes, daylight-saving changes and buffers included', () => {
    const patterns: AvailabilityPattern[] = [
      base,
      { ...base, endDate: '2027-11-22', daysOfWeek: [0, 1, 2, 3, 4, 5, 6] },
      { ...base, startTime: '09:00', endTime: '11:30', slotDurationMinutes: 45, bufferMinutes: 15 },
      { ...base, startDate: '2030-10-28', endDate: '2030-11-10', timezone: 'America/New_York', startTime: '00:00', endTime: '23:59' },
      { ...base, endTime: '09:30' },
    ];
    for (const pattern of patterns) expect(countSlotTimes(pattern)).toBe(generateSlotTimes(pattern).length);
  });
});

describe('patternParts', () => {
  it('cuts the pattern into consecutive parts of at most the given number of slots that make the same slots', () => {
    const year = { ...base, endDate: '2027-11-22' };
    const parts = [...patternParts(year, 100)];
    expect(parts.map(countSlotTimes).every((count) => count <= 100)).toBe(true);
    expect(parts.flatMap(generateSlotTimes)).toEqual(generateSlotTimes(year));
    // 33 weekdays of three slots each.
    expect(parts[0]).toMatchObject({ startDate: '2026-11-23', endDate: '2027-01-06' });
    expect(parts[1]!.startDate).toBe('2027-01-07');
  });

  it('keeps at least a whole day per part', () => {
    expect([...patternParts(base, 1)].map((part) => part.startDate)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
  });
});
