import { addCalendarDays, calendarDateIn } from './calendar-days';
import { startOfScheduleSlotId } from './schedule-slot-id';
import { generateSlotTimes, overlaps, type SlotTimes, withoutOverlaps } from './slots';

/** One time range of a weekday, wall-clock HH:mm in the psychologist's timezone. */
export interface WeeklyRange {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export const EXCEPTION_KINDS = ['off', 'holiday', 'extra'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** A dated change: 'off' and 'holiday' close the date's weekly hours, 'extra' adds its range. */
export interface ScheduleException {
  date: string;
  kind: ExceptionKind;
  startTime: string | null;
  endTime: string | null;
}

export interface WeeklySchedule {
  ranges: readonly WeeklyRange[];
  exceptions: readonly ScheduleException[];
  timezone: string;
  slotDurationMinutes: number;
  bufferMinutes: number;
}

/** At most this many ranges a weekday: a split day, not a list of sessions. */
export const MAX_RANGES_PER_DAY = 6;

/** Zero-padded HH:mm compares as text: whether two ranges of one day share a minute (touching ends do not). */
export function rangesOverlap(a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }): boolean {
  return a.startTime < b.endTime && b.startTime < a.endTime;
}

/** The index of the first range that overlaps an earlier one of the same day, or -1. */
export function firstOverlappingRange(ranges: readonly WeeklyRange[]): number {
  return ranges.findIndex((range, i) => ranges.slice(0, i).some((earlier) => earlier.dayOfWeek === range.dayOfWeek && rangesOverlap(earlier, range)));
}

function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The wall-clock ranges open on a date: its weekday's, unless a day off or holiday closes it, plus its extra hours. */
export function rangesOn(date: string, schedule: Pick<WeeklySchedule, 'ranges' | 'exceptions'>): { startTime: string; endTime: string }[] {
  const ofDate = schedule.exceptions.filter((exception) => exception.date === date);
  const closed = ofDate.some((exception) => exception.kind !== 'extra');
  const weekly = closed ? [] : schedule.ranges.filter((range) => range.dayOfWeek === dayOfWeek(date));
  const extra = ofDate.flatMap((exception) =>
    exception.kind === 'extra' && exception.startTime && exception.endTime ? [{ startTime: exception.startTime, endTime: exception.endTime }] : [],
  );
  return [...weekly, ...extra];
}

/**
 * The dates whose exceptions scheduleTimes may read for [from, to), and some more: it walks the
 * range's local dates and a day either side, and a zone's date is never more than a day from
 * UTC's. Date arithmetic only, no timezone lookup.
 */
export function exceptionDatesFor(range: { from: Date; to: Date }): { first: string; last: string } {
  const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);
  return { first: addCalendarDays(utcDate(range.from), -2), last: addCalendarDays(utcDate(range.to), 2) };
}

/**
 * The session times the schedule offers starting in [from, to): each open range of each date
 * cut into sessions of the psychologist's length, separated by the buffer, at wall-clock times
 * in their timezone (so 09:00 stays 09:00 across a daylight-saving change). Times of an extra
 * range that overlap a weekly one are left out. Nothing is stored: this runs on every read.
 */
export function scheduleTimes(schedule: WeeklySchedule, range: { from: Date; to: Date }): SlotTimes[] {
  // Neither weekly nor extra hours: nothing opens, and no date needs its zone looked up.
  if (schedule.ranges.length === 0 && !schedule.exceptions.some((exception) => exception.kind === 'extra')) return [];
  const times: SlotTimes[] = [];
  // A day either side: the local dates the UTC range touches, whatever the offset.
  const last = addCalendarDays(calendarDateIn(range.to, schedule.timezone), 1);
  for (let date = addCalendarDays(calendarDateIn(range.from, schedule.timezone), -1); date <= last; date = addCalendarDays(date, 1)) {
    const ofDate: SlotTimes[] = [];
    for (const open of rangesOn(date, schedule)) {
      const day = generateSlotTimes({ ...schedule, ...open, startDate: date, endDate: date, daysOfWeek: [dayOfWeek(date)] });
      for (const time of day) {
        if (time.startUtc >= range.from && time.startUtc < range.to && !ofDate.some((kept) => overlaps(kept, time))) ofDate.push(time);
      }
    }
    times.push(...ofDate);
  }
  return times.sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime());
}

const MINUTE_MS = 60_000;

/**
 * What a visitor may book: the schedule's times at least the buffer away from every stored
 * slot, free or booked (a stored slot is shown itself, and a booking sits on one), beside the
 * stored slots that are free. The buffer keeps on both sides: a schedule time neither starts
 * less than it after a stored slot ends nor ends less than it before one starts, so no two
 * times offered, and no two bookings, overlap. The schedule's own times never overlap each
 * other (scheduleTimes), so only the stored slots can leave one out.
 */
export function freeTimes<T extends SlotTimes & { isBooked: boolean }>(
  fromSchedule: readonly SlotTimes[],
  stored: readonly T[],
  bufferMinutes: number,
): { schedule: SlotTimes[]; stored: T[] } {
  const buffer = bufferMinutes * MINUTE_MS;
  const busy = stored.map((slot) => ({ startUtc: new Date(slot.startUtc.getTime() - buffer), endUtc: new Date(slot.endUtc.getTime() + buffer) }));
  return {
    schedule: withoutOverlaps(fromSchedule, busy),
    stored: stored.filter((slot) => !slot.isBooked),
  };
}

/**
 * What a slot written by date (a generated one) must keep clear of, the other side of freeTimes:
 * every stored slot, as before (no two rows overlap), and around each booking or hold of a
 * weekly-hours time (its row under a schedule id) the psychologist's buffer too. So a generated
 * slot neither overlaps nor sits right against a booked schedule time, as a schedule time keeps
 * the buffer from every stored slot. Around generated slots, booked or not, no buffer: those are
 * the clinic's choices by date, as they always were.
 */
export function keepClearOf(
  stored: readonly (SlotTimes & { id: string; isBooked: boolean })[],
  psychologistId: string,
  bufferMinutes: number,
): SlotTimes[] {
  const buffer = bufferMinutes * MINUTE_MS;
  return stored.map((slot) =>
    slot.isBooked && startOfScheduleSlotId(slot.id, psychologistId)
      ? { startUtc: new Date(slot.startUtc.getTime() - buffer), endUtc: new Date(slot.endUtc.getTime() + buffer) }
      : { startUtc: slot.startUtc, endUtc: slot.endUtc },
  );
}
