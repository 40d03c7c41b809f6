import { useState } from 'react';
import { BOOKING_WINDOW_DAYS } from '../../domain/booking';
import { DAY_MS } from '../../domain/time';

/** The visitor sees slots from now to 30 days ahead; fixed when the dialog opens. */
export function useBookingWindow(): { from: string; to: string } {
  const [window] = useState(() => {
    const now = Date.now();
    return { from: new Date(now).toISOString(), to: new Date(now + BOOKING_WINDOW_DAYS * DAY_MS).toISOString() };
  });
  return window;
}
