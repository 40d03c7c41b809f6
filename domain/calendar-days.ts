import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { SlotTimes } from './slots';
import { DAY_MS } from './time';

/** A calendar date `days` later (or earlier); dates carry no time, so no timezone. */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date an instant falls on in the timezone, YYYY-MM-DD. */
export function calendarDateIn(instant: Date | string, timezone: string): string {
  return formatInTimeZone(instant, timezone, 'yyyy-MM-dd');
}

/**
 * What `days` calendar dates from `date` span in the timezone: from that date's midnight to the
 * midnight after the last one. A day with a daylight-saving change is 23 or 25 hours long.
 */
export function localDaysBounds(date: string, timezone: string, days = 1): SlotTimes {
  return {
    startUtc: fromZonedTime(`${date}T00:00:00`, timezone),
    endUtc: fromZonedTime(`${addCalendarDays(date, days)}T00:00:00`, timezone),
  };
}

/** The Monday of a date's week: a Malaysian week is read Monday to Sunday. */
export function mondayOf(date: string): string {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addCalendarDays(date, -((sundayFirst + 6) % 7));
}

/** The seven dates of the week that begins on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, day) => addCalendarDays(monday, day));
}
