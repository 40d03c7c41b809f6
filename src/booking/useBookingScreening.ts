import { useAtomValue } from 'jotai';
import { type BookingScreening, combinedBookingScreening, dass21BookingScreening } from '../../domain/booking-screening';
import type { TestType } from '../../domain/configuration';
import { combinedSessionAtom, dass21SessionAtom } from '../lib/screening-store';

/** What a booking may take from this screener's screening: its consent time and shareable results. */
export function useBookingScreening(testType: TestType): BookingScreening | null {
  const dass21 = useAtomValue(dass21SessionAtom);
  const combined = useAtomValue(combinedSessionAtom);
  return testType === 'DASS-21' ? dass21BookingScreening(dass21) : combinedBookingScreening(combined);
}
