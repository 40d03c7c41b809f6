import { fromZonedTime } from 'date-fns-tz';
import { DAY_MS } from './time';

export interface AvailabilityPattern {
  /** Calendar dates, inclusive, as YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Wall-clock times in the psychologist's timezone, as HH:mm. */
  startTime: string;
  endTime: string;
  /** 0 = Sunday … 6 = Saturday. */
  daysOfWeek: readonly number[];
  timezone: string;
  slotDurationMinutes: number;
  bufferMinutes: number;
}

export interface SlotTimes {
  startUtc: Date;
  endUtc: Date;
}

const MINUTE_MS = 60_000;

function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function asClock(totalMinutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(totalMinutes / 60))}:${pad(totalMinutes % 60)}`;
}

/** Every calendar date from start to end inclusive. Dates, not instants: no timezone. */
export function* calendarDates(startDate: string, endDate: string): Generator<string> {
  const last = Date.parse(`${endDate}T00:00:00Z`);
  for (let day = Date.parse(`${startDate}T00:00:00Z`); day <= last; day += DAY_MS) {
    yield new Date(day).toISOString().slice(0, 10);
  }
}

function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** How far ahead of UTC the zone's clocks are at a wall-clock time, in milliseconds. */
function offsetAt(local: string, timeZone: string): number {
  return Date.parse(`${local}Z`) - fromZonedTime(local, timeZone).getTime();
}

/**
 * Back-to-back slots of the pattern's duration, separated by its buffer, between the start
 * and end times of each chosen weekday. Each slot starts at its wall-clock time in the
 * psychologist's timezone, so a 09:00 slot stays at 09:00 across a daylight-saving change.
 */
export function generateSlotTimes(pattern: AvailabilityPattern): SlotTimes[] {
  const dayStart = minutesOfDay(pattern.startTime);
  const dayEnd = minutesOfDay(pattern.endTime);
  const step = pattern.slotDurationMinutes + pattern.bufferMinutes;
  const slots: SlotTimes[] = [];
  for (const date of calendarDates(pattern.startDate, pattern.endDate)) {
    if (!pattern.daysOfWeek.includes(dayOfWeek(date))) continue;
    // fromZonedTime asks Intl for the zone's offset, which cost a third of a generation when
    // done per slot. Offsets change at most once a day, so a day that starts and ends with one
    // offset has it all day; only the day of a change asks per slot.
    const offset = offsetAt(`${date}T00:00:00`, pattern.timezone);
    const offsetAllDay = offset === offsetAt(`${date}T23:59:59`, pattern.timezone) ? offset : undefined;
    for (let start = dayStart; start + pattern.slotDurationMinutes <= dayEnd; start += step) {
      const local = `${date}T${asClock(start)}:00`;
      const startUtc =
        offsetAllDay === undefined ? fromZonedTime(local, pattern.timezone) : new Date(Date.parse(`${local}Z`) - offsetAllDay);
      slots.push({
        startUtc,
        endUtc: new Date(startUtc.getTime() + pattern.slotDurationMinutes * MINUTE_MS),
      });
    }
  }
  return slots;
}

/** At most this many calendar dates per generation request (a year, leap years included). */
export const MAX_GENERATION_DAYS = 366;
/**
 * Slots are generated at most this many months ahead of the psychologist's today. Without a
 * ceiling one request wrote 34,770 slots up to the year 9998 (docs/decisions/0006).
 */
export const MAX_GENERATION_MONTHS_AHEAD = 12;
/**
 * No stored slot is longer: a generated one lasts the session length (240 minutes at most), a
 * moved one is refused beyond this (change-slot.types.ts). So a slot overlapping an instant
 * starts less than this before it, and a lookup of slots near a time has a lower bound.
 */
export const MAX_SLOT_HOURS = 24;
/** At most this many slots per generation request: a year of eight 30-minute slots a weekday is 2,088. */
export const MAX_SLOTS_PER_GENERATION = 5_000;

/** The calendar date `months` later, on the month's last day when it is shorter ('2027-01-31' + 1 → '2027-02-28'). */
export function addCalendarMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const lastDayOfMonth = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDayOfMonth))).toISOString().slice(0, 10);
}

/** How many slots the pattern makes on each chosen day; the same every day, as they follow the wall clock. */
function slotsPerDay(pattern: AvailabilityPattern): number {
  const span = minutesOfDay(pattern.endTime) - minutesOfDay(pattern.startTime);
  if (span < pattern.slotDurationMinutes) return 0;
  return Math.floor((span - pattern.slotDurationMinutes) / (pattern.slotDurationMinutes + pattern.bufferMinutes)) + 1;
}

function chosenDates(pattern: AvailabilityPattern): string[] {
  return [...calendarDates(pattern.startDate, pattern.endDate)].filter((date) => pattern.daysOfWeek.includes(dayOfWeek(date)));
}

/** How many slots generateSlotTimes makes for the pattern, without making them. */
export function countSlotTimes(pattern: AvailabilityPattern): number {
  return chosenDates(pattern).length * slotsPerDay(pattern);
}

/**
 * The pattern cut into consecutive shorter patterns of at most `maxSlots` slots each (a day at
 * least), so a generation can write one part at a time and let other requests in between.
 */
export function* patternParts(pattern: AvailabilityPattern, maxSlots: number): Generator<AvailabilityPattern> {
  const dates = chosenDates(pattern);
  const daysPerPart = Math.max(1, Math.floor(maxSlots / Math.max(1, slotsPerDay(pattern))));
  for (let i = 0; i < dates.length; i += daysPerPart) {
    const part = dates.slice(i, i + daysPerPart);
    yield { ...pattern, startDate: part[0]!, endDate: part.at(-1)! };
  }
}
/** The admin calendar shows this many days ahead by default. */
export const ADMIN_SLOT_VIEW_DAYS = 90;
/** The widest window one slot listing may ask for. */
export const MAX_SLOT_LIST_DAYS = 366;

/** How many calendar dates run from start to end inclusive; 0 or less when end comes first. */
export function inclusiveDayCount(startDate: string, endDate: string): number {
  return (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS + 1;
}

/** Half-open ranges: a slot ending at 10:00 does not overlap one starting at 10:00. */
export function overlaps(a: SlotTimes, b: SlotTimes): boolean {
  return a.startUtc < b.endUtc && b.startUtc < a.endUtc;
}

const byStart = (a: SlotTimes, b: SlotTimes) => a.startUtc.getTime() - b.startUtc.getTime();

/**
 * The candidates, in time order, that overlap neither an existing slot nor a candidate kept
 * before them. Sorting plus a running maximum of end times keeps a year of slots fast.
 */
export function withoutOverlaps<T extends SlotTimes>(candidates: readonly T[], existing: readonly SlotTimes[]): T[] {
  const taken = [...existing].sort(byStart);
  const maxEndSoFar: number[] = [];
  for (const [i, slot] of taken.entries()) {
    maxEndSoFar.push(Math.max(slot.endUtc.getTime(), maxEndSoFar[i - 1] ?? -Infinity));
  }
  /** The end time furthest out among the existing slots starting before `time`. */
  const furthestEndStartingBefore = (time: number): number => {
    let low = 0;
    let high = taken.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (taken[mid]!.startUtc.getTime() < time) low = mid + 1;
      else high = mid;
    }
    return maxEndSoFar[low - 1] ?? -Infinity;
  };
  const kept: T[] = [];
  let keptEnd = -Infinity;
  for (const candidate of [...candidates].sort(byStart)) {
    const start = candidate.startUtc.getTime();
    if (furthestEndStartingBefore(candidate.endUtc.getTime()) > start || keptEnd > start) continue;
    kept.push(candidate);
    keptEnd = candidate.endUtc.getTime();
  }
  return kept;
}
