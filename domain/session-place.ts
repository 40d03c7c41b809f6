import type { TranslationFunctions } from '../i18n/i18n-types';
import { type ContactPoint, clinicContactPoints } from './crisis';

/**
 * Where a session happens (issue 26, docs/decisions/0049): at an address, online, or by phone.
 * The clinic sets a default, a psychologist may set their own, and an online session without the
 * clinic's one video link gets its own link from staff on the appointment.
 */
export const SESSION_MODES = ['address', 'online', 'phone'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

export const SESSION_PLACE_LIMITS = { address: 500, videoUrl: 2048, email: 254 } as const;

/** As the clinic or a psychologist saves it: the address for 'address', the one video link (or none) for 'online'. */
export interface SessionPlaceSetting {
  mode: SessionMode;
  address: string | null;
  /** Online only: the link every session uses; null when staff give each appointment its own. */
  videoUrl: string | null;
}

/** Where one appointment happens, as the visitor reads it. */
export type SessionPlace =
  | { kind: 'address'; address: string }
  | { kind: 'online'; videoUrl: string | null }
  | { kind: 'phone' };

/**
 * The psychologist's own setting, else the clinic's; null when neither said. Online, the
 * appointment's own link wins over the clinic's one link, so staff can send a visitor elsewhere.
 */
export function sessionPlaceOf(
  clinic: SessionPlaceSetting | null,
  psychologist: SessionPlaceSetting | null,
  appointmentVideoUrl: string | null,
): SessionPlace | null {
  const setting = psychologist ?? clinic;
  if (!setting) return null;
  if (setting.mode === 'address') return setting.address ? { kind: 'address', address: setting.address } : null;
  if (setting.mode === 'online') return { kind: 'online', videoUrl: appointmentVideoUrl ?? setting.videoUrl };
  return { kind: 'phone' };
}

/** Whether a video link may be given to a visitor: https only, as a meeting link always is. */
export function isVideoLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A place as text: what it is, the detail to read (an address, a note), and the link to open. */
export interface PlaceText {
  label: string;
  detail: string;
  link: string | null;
}

/** The place in the visitor's language, the same words in the booker, the manage page, the mails and the .ics. */
export function describeSessionPlace(place: SessionPlace, LL: TranslationFunctions, psychologist: string): PlaceText {
  const texts = LL.booking.sessionPlace;
  switch (place.kind) {
    case 'address':
      return { label: texts.address(), detail: place.address, link: null };
    case 'online':
      return { label: texts.online(), detail: place.videoUrl ?? texts.linkLater(), link: place.videoUrl };
    case 'phone':
      return { label: texts.phone(), detail: texts.phoneCall({ psychologist }), link: null };
  }
}

/**
 * The calendar's LOCATION: the address, the video link, or what the place is when there is
 * nothing to open (by phone, a link still to come).
 */
export function calendarLocation(place: SessionPlace, LL: TranslationFunctions): string {
  if (place.kind === 'address') return place.address;
  if (place.kind === 'online') return place.videoUrl ?? LL.booking.sessionPlace.online();
  return LL.booking.sessionPlace.phone();
}

/**
 * How a visitor reaches the clinic about their appointment: numbers and an address it publishes
 * for that. Each number falls back to its crisis contact's (decision 0024), already public.
 */
export interface VisitorContact {
  phone: string | null;
  whatsApp: string | null;
  email: string | null;
}

/** The contact's links: tel:, wa.me and mailto:, with the text to show. */
export function visitorContactPoints(contact: VisitorContact): { phone?: ContactPoint; whatsApp?: ContactPoint; email?: ContactPoint } {
  return {
    // A crisis contact's links, without its name: the clinic's own numbers are links alike.
    ...clinicContactPoints({ name: '', phone: contact.phone, whatsApp: contact.whatsApp }),
    ...(contact.email && { email: { display: contact.email, href: `mailto:${contact.email}` } }),
  };
}
