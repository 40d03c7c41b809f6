import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** The browser's own timezone: where times are shown until the person chooses another. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Slots arrive as ISO text (REST and tRPC answer the same JSON); a Date is accepted as well. */
type Instant = string | Date;

export interface LocalSlotTimes {
  /** The slot's calendar date in the psychologist's timezone, YYYY-MM-DD. */
  date: string;
  /** Wall-clock times in that timezone, HH:mm, as a time input wants them. */
  startTime: string;
  endTime: string;
}

/** What the edit-slot dialog starts with: the slot's own date and times where the psychologist works. */
export function localSlotTimes(slot: { startUtc: Instant; endUtc: Instant }, timezone: string): LocalSlotTimes {
  return {
    date: formatInTimeZone(slot.startUtc, timezone, 'yyyy-MM-dd'),
    startTime: formatInTimeZone(slot.startUtc, timezone, 'HH:mm'),
    endTime: formatInTimeZone(slot.endUtc, timezone, 'HH:mm'),
  };
}

/**
 * Saving an edited slot sets the new times on the same date. The wall-clock
 * times are read in the psychologist's timezone, so a daylight-saving change is respected.
 */
export function slotTimesOnDate(
  date: string,
  startTime: string,
  endTime: string,
  timezone: string,
): { startUtc: string; endUtc: string } {
  const instant = (time: string) => fromZonedTime(`${date}T${time}:00`, timezone).toISOString();
  return { startUtc: instant(startTime), endUtc: instant(endTime) };
}

export interface SlotDay<T> {
  /** YYYY-MM-DD in the psychologist's timezone. */
  date: string;
  slots: T[];
}

/** The calendar's days: slots grouped by their start date in the psychologist's timezone, in time order. */
export function slotsByDay<T extends { startUtc: Instant }>(slots: readonly T[], timezone: string): SlotDay<T>[] {
  const sorted = [...slots].sort((a, b) => new Date(a.startUtc).getTime() - new Date(b.startUtc).getTime());
  const days: SlotDay<T>[] = [];
  for (const slot of sorted) {
    const date = formatInTimeZone(slot.startUtc, timezone, 'yyyy-MM-dd');
    const last = days.at(-1);
    if (last?.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}

/**
 * The day whose times the visitor sees: the one they want if it still has free times, else the
 * next day that has some (a taken slot or another timezone can empty or move a day), else the
 * last one. Without a wish, the first. `days` are YYYY-MM-DD in ascending order.
 */
export function dayToShow(days: readonly string[], wanted: string | undefined): string | undefined {
  if (wanted === undefined) return days[0];
  return days.find((day) => day >= wanted) ?? days.at(-1);
}

/**
 * The timezones a visitor may choose from: the browser's IANA list plus those in use that it
 * leaves out (Chromium omits 'UTC'; a browser may report an alias), once each, sorted.
 */
export function timeZoneChoices(supported: readonly string[], inUse: readonly string[]): string[] {
  return [...new Set([...supported, ...inUse])].sort();
}

/** En-MY, 12-hour clock ('9:00 am'), in the psychologist's timezone. */
export function formatSlotTime(instant: Instant, timezone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: timezone }).format(
    new Date(instant),
  );
}

/** 'Monday, 9 March 2026' for a calendar date; the date carries no time, so no timezone shift. */
export function formatCalendarDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** 'Mon, 9 Mar' for a day button; like formatCalendarDate, no timezone shift. */
export function formatShortDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The product formats times as en-MY; the Malay dictionary reads them as ms-MY. */
export function dateLocaleOf(locale: string): string {
  return locale === 'ms' ? 'ms-MY' : 'en-MY';
}
