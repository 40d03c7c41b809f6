import { describe, expect, it } from 'vitest';
import { readCalendarEvents } from '../testing/read-calendar';
import { calendarAttachment, calendarFile } from './ics';

const event = {
  uid: '3f0e4c1a-9d2b-4c6e-8f7a-1b2c3d4e5f60@minda',
  startUtc: new Date('2026-12-07T02:00:00Z'),
  endUtc: new Date('2026-12-07T03:00:00Z'),
  stamp: new Date('2026-12-01T08:30:15.123Z'),
  summary: 'Appointment with Dr. Aisyah Rahman',
  description: 'Booked through Klinik Minda.',
};

/** Unfolds continuation lines, as a calendar app reads the file. */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('the calendar file', () => {
  it('publishes one event with a stable UID and UTC times, with CRLF line ends', () => {
    const ics = calendarFile(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    const lines = unfolded(ics);
    expect(lines.slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Minda//Booking//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT']);
    expect(lines).toContain('UID:3f0e4c1a-9d2b-4c6e-8f7a-1b2c3d4e5f60@minda');
    expect(lines).toContain('DTSTAMP:20261201T083015Z');
    expect(lines).toContain('DTSTART:20261207T020000Z');
    expect(lines).toContain('DTEND:20261207T030000Z');
    expect(lines).toContain('SUMMARY:Appointment with Dr. Aisyah Rahman');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    const lines = unfolded(calendarFile({ ...event, summary: 'Tan, Daniel; counsellor\\coach', description: 'Line one\nLine two' }));
    expect(lines).toContain('SUMMARY:Tan\\, Daniel\\; counsellor\\\\coach');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
  });

  it.each([
    ['a carriage return', 'Dr. Tan\rEND:VEVENT\r\nBEGIN:VEVENT\rSUMMARY:Injected'],
    ['a line feed', 'Dr. Tan\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Injected'],
    ['a comma, a semicolon and a backslash', 'Tan, Daniel; counsellor\\coach'],
    ['a long Malay name', `Janji temu dengan ${'Dr. Nur Ain binti Abdullah ❤ '.repeat(4)}`],
    ['every one of them', 'Puan Siti Nurhaliza binti Tarudin,\r\n\r; kaunselor\\ ' + 'é'.repeat(80)],
  ])('reads back as one event with the exact texts, for a name with %s', (_, text) => {
    const events = readCalendarEvents(calendarFile({ ...event, summary: text, description: `${text}\n${text}` }));
    // iCalendar has one line break, \n: a CR or CRLF comes back as it.
    const read = text.replace(/\r\n?/g, '\n');
    expect(events).toEqual([{ uid: event.uid, summary: read, description: `${read}\n${read}` }]);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const summary = `Janji temu dengan ${'Dr. Nur Ain binti Abdullah ❤ '.repeat(4)}`;
    const ics = calendarFile({ ...event, summary });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(unfolded(ics)).toContain(`SUMMARY:${summary}`);
  });

  it('travels as a text/calendar attachment', () => {
    expect(calendarAttachment(event)).toEqual({
      filename: 'appointment.ics',
      content: calendarFile(event),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
  });
});
