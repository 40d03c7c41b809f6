import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDateIn, localDaysBounds, mondayOf, weekDates } from './calendar-days';

describe('calendar days', () => {
  it('adds days across months and leap days', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addCalendarDays('2030-12-30', 7)).toBe('2031-01-06');
  });

  it('reads an instant’s date where the psychologist works', () => {
    // 20:00 UTC is 04:00 the next morning in Kuala Lumpur.
    expect(calendarDateIn('2030-12-01T20:00:00Z', 'Asia/Kuala_Lumpur')).toBe('2030-12-02');
    expect(calendarDateIn('2030-12-01T20:00:00Z', 'Europe/London')).toBe('2030-12-01');
  });

  it('bounds a local day from midnight to midnight, daylight saving included', () => {
    expect(localDaysBounds('2030-12-02', 'Asia/Kuala_Lumpur')).toEqual({
      startUtc: new Date('2030-12-01T16:00:00Z'),
      endUtc: new Date('2030-12-02T16:00:00Z'),
    });
    // The clocks went forward in London on 31 March 2030: a 23-hour day.
    const { startUtc, endUtc } = localDaysBounds('2030-03-31', 'Europe/London');
    expect(endUtc.getTime() - startUtc.getTime()).toBe(23 * 3_600_000);
    expect(localDaysBounds('2030-12-02', 'Asia/Kuala_Lumpur', 7).endUtc).toEqual(new Date('2030-12-08T16:00:00Z'));
  });

  it('finds the Monday of any day of the week, Sunday last', () => {
    expect(mondayOf('2030-12-02')).toBe('2030-12-02');
    expect(mondayOf('2030-12-05')).toBe('2030-12-02');
    expect(mondayOf('2030-12-08')).toBe('2030-12-02');
    expect(weekDates('2030-12-30')).toEqual(['2030-12-30', '2030-12-31', '2031-01-01', '2031-01-02', '2031-01-03', '2031-01-04', '2031-01-05']);
  });
});
