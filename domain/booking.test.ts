import { describe, expect, it } from 'vitest';
import { BOOKING_WINDOW_DAYS, bookingWindow, isInBookingWindow } from './booking';

const now = new Date('2026-12-01T00:00:00Z');
const slotAt = (iso: string) => ({ startUtc: new Date(iso), endUtc: new Date(new Date(iso).getTime() + 3_600_000) });

describe('the booking window', () => {
  it('opens after the minimum advance and closes 30 days ahead', () => {
    expect(BOOKING_WINDOW_DAYS).toBe(30);
    expect(bookingWindow(now, 2)).toEqual({
      earliest: new Date('2026-12-01T02:00:00Z'),
      latest: new Date('2026-12-31T00:00:00Z'),
    });
  });

  it('takes a slot starting exactly at the minimum advance, not a minute sooner', () => {
    const window = bookingWindow(now, 2);
    expect(isInBookingWindow(slotAt('2026-12-01T02:00:00Z'), window)).toBe(true);
    expect(isInBookingWindow(slotAt('2026-12-01T01:59:00Z'), window)).toBe(false);
  });

  it('refuses a slot starting 30 days ahead or later', () => {
    const window = bookingWindow(now, 0);
    expect(isInBookingWindow(slotAt('2026-12-30T23:00:00Z'), window)).toBe(true);
    expect(isInBookingWindow(slotAt('2026-12-31T00:00:00Z'), window)).toBe(false);
  });
});
