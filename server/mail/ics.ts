import ical, { escape, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EmailAttachment } from '../../db/repositories/email-outbox';
import type { AppointmentStatus } from '../../domain/appointment-status';

/** Where an appointment stands for a calendar: pencilled in, fixed, or gone. */
export type CalendarState = 'tentative' | 'confirmed' | 'cancelled';

export interface CalendarEvent {
  /** Stable across re-sends, so a calendar updates the entry instead of adding another. */
  uid: string;
  /** Higher with every change: a calendar keeps the event of the highest SEQUENCE it has seen. */
  sequence: number;
  state: CalendarState;
  startUtc: Date;
  endUtc: Date;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  /** Where the session is (LOCATION): an address, a video link, or what the place is. */
  location?: string;
  /** The video link to open (URL), also written in the description. */
  url?: string;
}

const STATUS: Record<CalendarState, ICalEventStatus> = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/** How a calendar shows an appointment; nothing once the session took place. */
const CALENDAR_STATES: Record<AppointmentStatus, CalendarState | null> = {
  held: 'tentative',
  requested: 'tentative',
  confirmed: 'confirmed',
  declined: 'cancelled',
  expired: 'cancelled',
  cancelled: 'cancelled',
  completed: null,
  no_show: null,
};

export const calendarStateOf = (status: AppointmentStatus): CalendarState | null => CALENDAR_STATES[status];

/**
 * An appointment's event as it now stands, without its texts: always the same UID and its
 * revision as SEQUENCE, in the visitor's attachments and the psychologist's feed alike, so a
 * calendar updates the entry it has. Null once the session took place.
 */
export function appointmentEvent(
  appointment: { id: string; status: AppointmentStatus; revision: number; startUtc: Date; endUtc: Date },
  stamp: Date,
): Omit<CalendarEvent, 'summary' | 'description'> | null {
  const state = CALENDAR_STATES[appointment.status];
  if (!state) return null;
  return { uid: `${appointment.id}@minda`, sequence: appointment.revision, state, startUtc: appointment.startUtc, endUtc: appointment.endUtc, stamp };
}

/** How often a subscribed calendar should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_REFRESH_SECONDS = 15 * 60;

/** Who publishes a mailed event: the clinic, by its name and its contact address. */
export interface CalendarOrganizer {
  name: string;
  email: string;
}

/** A mailed file names its organizer, as RFC 5546 asks of PUBLISH and CANCEL; a subscription feed names itself. */
export type CalendarFileKind = { organizer: CalendarOrganizer } | { feedName: string };

/**
 * RFC 5545 wants at least one component in a calendar, so a feed with no sessions carries this
 * one: a time zone no event refers to, which calendars ignore (a VTODO or VJOURNAL would show).
 */
const EMPTY_CALENDAR_COMPONENT = [
  'BEGIN:VTIMEZONE',
  'TZID:UTC',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0000',
  'TZNAME:UTC',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * The organizer's name goes in a quoted parameter (CN="…"), where a double quote cannot stand and
 * a backslash escapes nothing: ical-generator would write `\"` and `\\`, which parsers keep as
 * they are. So the name is written with look-alikes, as a display name may be.
 */
const organizerName = (name: string) => name.replace(/"/g, "'").replace(/\\/g, '/').replace(/\p{Cc}+/gu, ' ');

/**
 * A calendar of events, made by ical-generator (escaping, folding at 75 octets, CRLF). A single
 * cancelled event travels as METHOD:CANCEL, which removes it from the calendar that holds it;
 * anything else is PUBLISH, which adds or updates it. A subscription feed has no method.
 * ical-generator escapes the events' texts but writes the calendar's name (NAME, X-WR-CALNAME)
 * as given, so the name, which holds a psychologist's name, is escaped here; and it ends the
 * last line without the CRLF every line has in RFC 5545, which is added here.
 */
export function calendarFile(events: readonly CalendarEvent[], kind: CalendarFileKind): string {
  const feed = 'feedName' in kind;
  const method = feed
    ? null
    : events.length === 1 && events[0]!.state === 'cancelled'
      ? ICalCalendarMethod.CANCEL
      : ICalCalendarMethod.PUBLISH;
  const calendar = ical({
    prodId: { company: 'Minda', product: 'Booking', language: 'EN' },
    method,
    name: feed ? escape(kind.feedName, false) : null,
    ttl: feed ? FEED_REFRESH_SECONDS : null,
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      status: STATUS[event.state],
      start: event.startUtc,
      end: event.endUtc,
      stamp: event.stamp,
      summary: event.summary,
      description: event.description,
      location: event.location ?? null,
      url: event.url ?? null,
      organizer: feed ? null : { name: organizerName(kind.organizer.name), email: kind.organizer.email },
    });
  }
  const lines = calendar.toString().split('\r\n');
  if (events.length === 0) lines.splice(-1, 0, ...EMPTY_CALENDAR_COMPONENT);
  return `${lines.join('\r\n')}\r\n`;
}

/** One event as a mail attachment, its method in the content type as RFC 6047 asks. */
export function calendarAttachment(event: CalendarEvent, organizer: CalendarOrganizer): EmailAttachment {
  const content = calendarFile([event], { organizer });
  const method = event.state === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  return { filename: 'appointment.ics', content, contentType: `text/calendar; charset=utf-8; method=${method}` };
}
