import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { CALENDAR_READERS, readCalendar, readCalendarEvents, readCalendarProperties } from '../testing/read-calendar';
import { type CalendarEvent, calendarAttachment, calendarFile } from './ics';

const organizer = { name: 'Klinik Minda', email: 'hello@klinik.example' };
const mailed = { organizer };

const event: CalendarEvent = {
  uid: '3f0e4c1a-9d2b-4c6e-8f7a-1b2c3d4e5f60@minda',
  sequence: 0,
  state: 'tentative',
  startUtc: new Date('2026-12-07T02:00:00Z'),
  endUtc: new Date('2026-12-07T03:00:00Z'),
  stamp: new Date('2026-12-01T08:30:15.123Z'),
  summary: 'Appointment with Dr. Aisyah Rahman',
  description: 'Booked through Klinik Minda.',
};

/** Names that would end a line, split a value or escape from it if written as they are. */
const HOSTILE_NAMES = [
  ['a carriage return', 'Dr. Tan\rEND:VEVENT\r\nBEGIN:VEVENT\rSUMMARY:Injected'],
  ['a line feed', 'Dr. Tan\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Injected'],
  ['a line feed and a property', 'Klinik Tan\r\nMETHOD:CANCEL'],
  ['a comma, a semicolon and a backslash', 'Tan, Daniel; counsellor\\coach'],
  ['a long Malay name', `Janji temu dengan ${'Dr. Nur Ain binti Abdullah ❤ '.repeat(4)}`],
  ['every one of them', 'Puan Siti Nurhaliza binti Tarudin,\r\n\r; kaunselor\\ ' + 'é'.repeat(80)],
] as const;

/** iCalendar has one line break, \n: a CR or CRLF comes back as it. */
const asRead = (text: string) => text.replace(/\r\n?/g, '\n');

describe('the calendar file', () => {
  it('publishes one tentative event with a stable UID, its sequence and UTC times, with CRLF line ends', () => {
    const ics = calendarFile([event], mailed);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    expect(readCalendar(ics)).toEqual({
      method: 'PUBLISH',
      name: null,
      events: [
        {
          uid: event.uid,
          sequence: 0,
          status: 'TENTATIVE',
          start: '2026-12-07T02:00:00.000Z',
          end: '2026-12-07T03:00:00.000Z',
          summary: event.summary,
          description: event.description,
          organizer,
        },
      ],
    });
  });

  it('updates the same event with a higher sequence once confirmed, and cancels it with METHOD:CANCEL', () => {
    const confirmed = readCalendar(calendarFile([{ ...event, sequence: 1, state: 'confirmed' }], mailed));
    expect(confirmed).toMatchObject({ method: 'PUBLISH', events: [{ uid: event.uid, sequence: 1, status: 'CONFIRMED' }] });
    const cancelled = readCalendar(calendarFile([{ ...event, sequence: 2, state: 'cancelled' }], mailed));
    expect(cancelled).toMatchObject({ method: 'CANCEL', events: [{ uid: event.uid, sequence: 2, status: 'CANCELLED' }] });
  });

  it.each(CALENDAR_READERS)('makes a named subscription feed of many events, without a method or an organizer, read alike by %s', (_, read) => {
    const second = { ...event, uid: 'second@minda', state: 'confirmed' as const };
    const ics = calendarFile([event, second], { feedName: 'Dr. Aisyah Rahman' });
    const feed = read(ics);
    expect(feed.method).toBeNull();
    expect(feed.name).toBe('Dr. Aisyah Rahman');
    expect(feed.events.map((parsed) => [parsed.uid, parsed.sequence, parsed.status, parsed.organizer])).toEqual([
      [event.uid, 0, 'TENTATIVE', null],
      ['second@minda', 0, 'CONFIRMED', null],
    ]);
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
  });

  it('makes a feed with no sessions a valid calendar: one component, a time zone no event uses', () => {
    const ics = calendarFile([], { feedName: 'Dr. Aisyah Rahman' });
    for (const [, read] of CALENDAR_READERS) expect(read(ics)).toEqual({ method: null, name: 'Dr. Aisyah Rahman', events: [] });
    // RFC 5545 3.6: a calendar holds at least one component.
    expect(new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents().map((component) => component.name)).toEqual(['vtimezone']);
    expect(ics).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:UTC\r\nBEGIN:STANDARD\r\n');
    expect(ics).toMatch(/\r\nEND:VTIMEZONE\r\nEND:VCALENDAR\r\n$/);
    expect(calendarFile([event], { feedName: 'Dr. Aisyah Rahman' })).not.toContain('VTIMEZONE');
  });

  it.each(CALENDAR_READERS)('names the clinic as ORGANIZER, with look-alikes for what a quoted parameter cannot hold, read alike by %s', (_, read) => {
    const ics = calendarFile([event], { organizer: { name: 'Klinik "Damai"\\Sejahtera\r\nMETHOD:REQUEST', email: 'hello@klinik.example' } });
    expect(read(ics).events[0]!.organizer).toEqual({ name: "Klinik 'Damai'/Sejahtera METHOD:REQUEST", email: 'hello@klinik.example' });
    expect(ics.replace(/\r\n /g, '')).toContain('\r\nORGANIZER;CN="Klinik \'Damai\'/Sejahtera METHOD:REQUEST":mailto:hello@klinik.example\r\n');
    expect(ics).not.toMatch(/^METHOD:REQUEST/m);
  });

  it.each(HOSTILE_NAMES)('reads back as one event with the exact texts, for a name with %s, in both parsers', (_, text) => {
    const ics = calendarFile([{ ...event, summary: text, description: `${text}\n${text}` }], mailed);
    const read = asRead(text);
    for (const [, readWith] of CALENDAR_READERS) {
      expect(readWith(ics).events).toEqual([expect.objectContaining({ uid: event.uid, summary: read, description: `${read}\n${read}` })]);
    }
  });

  it.each(HOSTILE_NAMES)('names a feed exactly, with nothing added to it, for a name with %s', (_, text) => {
    const ics = calendarFile([event], { feedName: text });
    for (const [, read] of CALENDAR_READERS) {
      expect(read(ics)).toEqual({ method: null, name: asRead(text), events: [expect.objectContaining({ uid: event.uid, summary: event.summary })] });
    }
    // RFC 7986's NAME as well as X-WR-CALNAME, and no property injected beside them.
    expect(readCalendarProperties(ics)).toEqual([
      ['version', '2.0'],
      ['prodid', '-//Minda//Booking//EN'],
      ['name', asRead(text)],
      ['x-wr-calname', asRead(text)],
      ['refresh-interval', 'PT15M'],
      ['x-published-ttl', 'PT15M'],
    ]);
    // Escaped as RFC 5545's TEXT asks, which a lenient parser like ical.js would forgive but
    // a strict calendar app need not: a comma, semicolon or backslash only after a backslash.
    const names = ics.replace(/\r\n /g, '').split('\r\n').filter((line) => /^(NAME|X-WR-CALNAME):/.test(line));
    expect(names).toHaveLength(2);
    for (const line of names) expect(line.replace(/^[A-Z-]+:/, '')).toMatch(/^(?:[^\\;,]|\\[\\;,n])*$/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  });

  it('folds long lines at 75 octets', () => {
    const summary = `Janji temu dengan ${'Dr. Nur Ain binti Abdullah ❤ '.repeat(4)}`;
    const ics = calendarFile([{ ...event, summary }], mailed);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(readCalendarEvents(ics)[0]!.summary).toBe(summary);
  });

  it('travels as a text/calendar attachment naming its method', () => {
    expect(calendarAttachment(event, organizer)).toEqual({
      filename: 'appointment.ics',
      content: calendarFile([event], mailed),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
    expect(calendarAttachment({ ...event, state: 'cancelled' }, organizer).contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });
});
