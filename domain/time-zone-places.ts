import { getCountry, getTimezone } from 'countries-and-timezones';
import { rememberedFormat } from './intl-formats';

/** The languages a zone's place is named in; the visitor's and the clinic's. */
export type PlaceLocale = 'en' | 'ms';

/** 'Kuala Lumpur' for 'Asia/Kuala_Lumpur', 'UTC' for 'UTC': the city people know a zone by. */
export function zoneCity(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** 'GMT+8', 'GMT+1' in London's summer, 'GMT' for UTC: the zone's offset at that moment, so DST shows. */
export function zoneOffset(zone: string, at: Date): string {
  const format = rememberedFormat(`offset ${zone}`, () => new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' }));
  const parts = format.formatToParts(at);
  // Some ICU builds write 'GMT+0' where others write 'GMT'; read both as 'GMT'.
  return (parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT').replace(/^GMT[+-]0$/, 'GMT');
}

/**
 * 'Kuala Lumpur (GMT+8)': how a zone reads everywhere it is shown, never 'Asia/Kuala_Lumpur'.
 * The offset is the one at `at` (the appointment's time, or now in a picker).
 */
export function zonePlace(zone: string, at: Date): string {
  return `${zoneCity(zone)} (${zoneOffset(zone, at)})`;
}

const regionNames = new Map<PlaceLocale, Intl.DisplayNames>();

/** A country's name in the reader's language ('Jerman' for DE in Malay), the package's English name where Intl has none. */
export function countryName(code: string, locale: PlaceLocale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? getCountry(code)?.name ?? code;
}

/** The countries a zone is used in, by ISO code ('Asia/Kuala_Lumpur' → ['MY']); none for UTC. */
export function zoneCountries(zone: string): readonly string[] {
  return getTimezone(zone)?.countries ?? [];
}

/** Lower case without accents, so 'sao paulo' finds 'São Paulo' and 'KUALA' finds 'Kuala'. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Every word someone may type to find a zone: its city, its IANA name, its countries in English and Malay. */
function searchableText(zone: string): string {
  const countries = zoneCountries(zone).flatMap((code) => [countryName(code, 'en'), countryName(code, 'ms'), code]);
  return folded([zoneCity(zone), zone.replaceAll('_', ' '), ...countries].join(' | '));
}

/**
 * The zones whose city or country holds every word typed ('malaysia' → Kuala Lumpur and Kuching;
 * 'jerman' → Berlin and Busingen), in the order given. An empty query keeps them all.
 */
export function searchZones(zones: readonly string[], query: string): string[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const text = searchableText(zone);
    return words.every((word) => text.includes(word));
  });
}
