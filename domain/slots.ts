import { fromZonedTime } from 'date-fns-tz';

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
const DAY_MS = 86_400_000;

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

export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
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
    for (let start = dayStart; start + pattern.slotDurationMinutes <= dayEnd; start += step) {
      const startUtc = fromZonedTime(`${date}T${asClock(start)}:00`, pattern.timezone);
      slots.push({
        startUtc,
        endUtc: new Date(startUtc.getTime() + pattern.slotDurationMinutes * MINUTE_MS),
      });
    }
  }
  return slots;
}
