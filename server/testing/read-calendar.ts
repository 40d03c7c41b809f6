import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
}

/**
 * The events of a calendar file as a calendar app reads them: parsed by ical.js, so a test
 * sees what an injected line break or a bad fold would really do to the file.
 */
export function readCalendarEvents(ics: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description')),
  }));
}
