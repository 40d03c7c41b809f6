import type { EmailAttachment } from '../../db/repositories/email-outbox';

export interface CalendarEvent {
  /** Stable across re-sends, so a calendar updates the entry instead of adding another. */
  uid: string;
  startUtc: Date;
  endUtc: Date;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
}

/** RFC 5545 UTC form: 20261207T020000Z. */
const utc = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * Text values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). A bare CR
 * is a line break too: left as it is, a name could end the line and start properties of its own.
 */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // Continuation lines start with a space, which counts towards their 75.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A one-event calendar file (METHOD:PUBLISH) that any calendar app can import. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Minda//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.startUtc)}`,
    `DTEND:${utc(event.endUtc)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    // A booking is a request until the psychologist confirms it ('Booking Received!').
    'STATUS:TENTATIVE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export function calendarAttachment(event: CalendarEvent): EmailAttachment {
  return {
    filename: 'appointment.ics',
    content: calendarFile(event),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}
