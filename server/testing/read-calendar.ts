import ICAL from 'ical.js';

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

export const readCalendarEvents = (ics: string) => readCalendar(ics).events;
