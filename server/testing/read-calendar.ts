import ICAL from 'ical.js';
import nodeIcal, { type ParameterValue, type VEvent } from 'node-ical';

// The calendar's names are TEXT, escapes undone, as calendar apps read them (RFC 7986 for NAME,
// RFC 5545 3.8.8.2 for X- properties); ical.js knows neither and would hand them back raw.
Object.assign(ICAL.design.icalendar.property, { name: { defaultType: 'text' }, 'x-wr-calname': { defaultType: 'text' } });

export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** ORGANIZER: its display name (CN) and address, without `mailto:`. */
  organizer: { name: string | null; email: string } | null;
}

/** What a calendar file says: its method, its name (X-WR-CALNAME) and its events. */
export interface ParsedCalendar {
  method: string | null;
  name: string | null;
  events: ParsedEvent[];
}

const mailbox = (address: string) => address.replace(/^mailto:/i, '');

/**
 * A calendar file as a calendar app reads it: parsed by ical.js, so a test sees what an injected
 * line break or a bad fold would really do to the file.
 */
export function readCalendar(ics: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const text = (value: unknown) => (value === null ? null : String(value));
  const events = calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: String(event.getFirstPropertyValue('status')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description')),
    organizer: organizerOf(event.getFirstProperty('organizer')),
  }));
  return { method: text(calendar.getFirstPropertyValue('method')), name: text(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

function organizerOf(property: ICAL.Property | null): ParsedEvent['organizer'] {
  if (!property) return null;
  const name = property.getParameter('cn');
  return { name: name === undefined ? null : String(name), email: mailbox(String(property.getFirstValue())) };
}

/** A parameterised value's text, without its parameters. */
const valueOf = <P>(value: ParameterValue<string, P> | undefined) => (value === undefined ? undefined : typeof value === 'string' ? value : value.val);

/**
 * The same reading by node-ical, a parser written apart from ical.js (its own line unfolding,
 * unescaping and dates), so that a file both read alike is not one parser's leniency.
 */
export function readCalendarWithNodeIcal(ics: string): ParsedCalendar {
  const { vcalendar: calendar, ...components } = nodeIcal.sync.parseICS(ics);
  const events = Object.values(components).filter((component): component is VEvent => component?.type === 'VEVENT');
  return {
    method: calendar?.method ?? null,
    name: calendar?.['WR-CALNAME'] ?? null,
    events: events.map((event) => ({
      uid: event.uid,
      sequence: Number(event.sequence),
      status: String(event.status),
      start: event.start.toISOString(),
      // A missing DTEND fails the reading, as it should: every event of ours has one.
      end: event.end!.toISOString(),
      summary: String(valueOf(event.summary)),
      description: String(valueOf(event.description)),
      organizer:
        event.organizer === undefined
          ? null
          : { name: typeof event.organizer === 'string' ? null : (event.organizer.params.CN ?? null), email: mailbox(String(valueOf(event.organizer))) },
    })),
  };
}

/** The calendar's own properties, names and values in their order, to see that nothing was injected among them. */
export const readCalendarProperties = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllProperties().map((property) => [property.name, String(property.getFirstValue())]);

export const readCalendarEvents = (ics: string) => readCalendar(ics).events;

/** Where each event says it is: LOCATION and URL, null when absent. */
export const readEventPlaces = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((event) => ({
    location: event.getFirstPropertyValue('location') === null ? null : String(event.getFirstPropertyValue('location')),
    url: event.getFirstPropertyValue('url') === null ? null : String(event.getFirstPropertyValue('url')),
  }));

/** Both parsers, for tests that read each file twice. */
export const CALENDAR_READERS = [
  ['ical.js', readCalendar],
  ['node-ical', readCalendarWithNodeIcal],
] as const;
