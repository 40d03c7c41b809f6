import ICAL from 'ical.js';

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
}

/**
 * A calendar file as a calendar app reads it: parsed by ical.js, so a test sees what an injected
 * line break or a bad fold would really do to the file.
 */
export function readCalendar(ics: string): { method: string | null; name: string | null; events: ParsedEvent[] } {
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
  }));
  return { method: text(calendar.getFirstPropertyValue('method')), name: text(calendar.getFirstPropertyValue('x-wr-calname')), events };
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
