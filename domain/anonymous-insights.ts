import { DAY_MS } from './time';

/**
 * The rules of the clinic's anonymous figures (docs/decisions/0025): which days they cover and
 * how small counts are hidden, so that no figure points at one visitor.
 */

/** Counts below this are shown as "< 5", never exactly. */
export const SMALL_COUNT = 5;
export const MASKED = '< 5';
export type MaskedCount = number | typeof MASKED;

/** The periods the admin offers, in days up to today. */
export const INSIGHTS_PERIODS = [7, 30, 90] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];
/** The longest period one request may ask for. */
export const MAX_INSIGHTS_DAYS = 366;

export function maskCount(count: number): MaskedCount {
  return count < SMALL_COUNT ? MASKED : count;
}

/**
 * Masks the parts of a whole that is shown (the levels of one scale add up to the completed
 * screenings). A small part is masked; and when only one part is, the smallest other part is
 * masked with it, else the whole minus the shown parts would give the hidden one away.
 */
export function maskParts(parts: readonly number[]): MaskedCount[] {
  const masked = parts.map((count) => count < SMALL_COUNT);
  if (masked.filter(Boolean).length === 1) {
    const smallestShown = parts.reduce<number | undefined>(
      (smallest, count, index) => (masked[index] || (smallest !== undefined && parts[smallest]! <= count) ? smallest : index),
      undefined,
    );
    if (smallestShown !== undefined) masked[smallestShown] = true;
  }
  return parts.map((count, index) => (masked[index] ? MASKED : count));
}

/**
 * Bookings requested per 100 completed screenings, rounded; null when either count is small,
 * as a ratio of a shown count and a hidden one would give the hidden one away.
 */
export function conversionPercent(completed: number, bookings: number): number | null {
  if (completed < SMALL_COUNT || bookings < SMALL_COUNT) return null;
  return Math.round((bookings / completed) * 100);
}

/** Malaysia keeps UTC+8 all year (no daylight saving since 1982). */
const MALAYSIA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The day in Malaysia, YYYY-MM-DD, of a moment: the clinic's day, not UTC's. */
export function malaysianDay(moment: Date): string {
  return new Date(moment.getTime() + MALAYSIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The moment a Malaysian day begins. */
export function startOfMalaysianDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - MALAYSIA_OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `days` Malaysian days, today included. */
export function lastDays(now: Date, days: number): { from: string; to: string } {
  const to = malaysianDay(now);
  return { from: addDays(to, 1 - days), to };
}

export interface BookingCounts {
  /** Bookings that reached the clinic: a request, or a booking confirmed at once. */
  requested: number;
  confirmed: number;
  completed: number;
  noShow: number;
}

/**
 * Folds status changes (domain/appointment-status.ts) into booking counts. A hold the visitor
 * never confirmed is no request; a move keeps its status (confirmed to confirmed) and counts
 * nothing new.
 */
export function bookingCountsOf(changes: readonly { from: string | null; to: string; changes: number }[]): BookingCounts {
  const counts: BookingCounts = { requested: 0, confirmed: 0, completed: 0, noShow: 0 };
  for (const { from, to, changes: n } of changes) {
    if (from === to) continue;
    if ((from === null || from === 'held') && (to === 'requested' || to === 'confirmed')) counts.requested += n;
    if (to === 'confirmed') counts.confirmed += n;
    if (to === 'completed') counts.completed += n;
    if (to === 'no_show') counts.noShow += n;
  }
  return counts;
}
