import type { SlotTimes } from './slots';
import { DAY_MS, HOUR_MS } from './time';

/** Visitors see and book slots up to this many days ahead. */
export const BOOKING_WINDOW_DAYS = 30;

export interface BookingWindow {
  /** The earliest start a visitor may book: now plus the psychologist's minimum advance. */
  earliest: Date;
  /** Starts from here on are too far ahead (exclusive). */
  latest: Date;
}

export function bookingWindow(now: Date, minimumAdvanceHours: number): BookingWindow {
  return {
    earliest: new Date(now.getTime() + minimumAdvanceHours * HOUR_MS),
    latest: new Date(now.getTime() + BOOKING_WINDOW_DAYS * DAY_MS),
  };
}

export function isInBookingWindow(slot: SlotTimes, window: BookingWindow): boolean {
  return slot.startUtc >= window.earliest && slot.startUtc < window.latest;
}
