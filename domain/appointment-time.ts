import type { SlotTimes } from './slots';
import { rememberedFormat } from './intl-formats';
import { zonePlace } from './time-zone-places';

/** The product formats times en-MY, 12-hour; Malay texts get the Malay month and day names. */
const INTL_LOCALE = { en: 'en-MY', ms: 'ms-MY' } as const;

/**
 * The appointment as a person reads it in their own timezone, with the zone named as a place so
 * nobody guesses: 'Monday, 7 December 2026, 10:00 – 11:00 am, Kuala Lumpur (GMT+8)'.
 */
export function formatAppointmentTime(slot: SlotTimes, timeZone: string, locale: keyof typeof INTL_LOCALE): string {
  const format = rememberedFormat(`${locale} ${timeZone}`, () =>
    new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone, dateStyle: 'full', timeStyle: 'short', hour12: true }),
  );
  return `${format.formatRange(slot.startUtc, slot.endUtc)}, ${zonePlace(timeZone, slot.startUtc)}`;
}

/** One moment in the same words: 'Sunday, 6 December 2026, 10:00 am, Kuala Lumpur (GMT+8)'. */
export function formatMoment(at: Date, timeZone: string, locale: keyof typeof INTL_LOCALE): string {
  return formatAppointmentTime({ startUtc: at, endUtc: at }, timeZone, locale);
}

/** The canonical name of an IANA timezone ('asia/kuala_lumpur' → 'Asia/Kuala_Lumpur'), or undefined if unknown. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return rememberedFormat(`canonical ${timeZone}`, () => new Intl.DateTimeFormat('en', { timeZone })).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
