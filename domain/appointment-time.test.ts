import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatAppointmentTime, formatMoment } from './appointment-time';

// ICU separates times with narrow and thin spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u202f\u2009]/g, ' ');
const slot = { startUtc: new Date('2026-12-07T02:00:00Z'), endUtc: new Date('2026-12-07T03:00:00Z') };

describe('formatAppointmentTime', () => {
  it('writes the slot in the reader’s timezone, en-MY and 12-hour, naming the zone', () => {
    expect(plain(formatAppointmentTime(slot, 'Asia/Kuala_Lumpur', 'en'))).toBe(
      'Monday, 7 December 2026, 10:00 – 11:00 am, Kuala Lumpur (GMT+8)',
    );
    expect(plain(formatAppointmentTime(slot, 'Europe/London', 'en'))).toBe(
      'Monday, 7 December 2026, 2:00 – 3:00 am, London (GMT)',
    );
  });

  it('uses Malay day and month names for a Malay reader', () => {
    expect(plain(formatAppointmentTime(slot, 'Asia/Kuala_Lumpur', 'ms'))).toMatch(/^Isnin, 7 Disember 2026, 10:00 ?– ?11:00 PG, Kuala Lumpur \(GMT\+8\)$/);
  });

  it('keeps the date of each end when a slot crosses midnight', () => {
    const late = { startUtc: new Date('2026-12-07T15:30:00Z'), endUtc: new Date('2026-12-07T16:30:00Z') };
    const text = plain(formatAppointmentTime(late, 'Asia/Kuala_Lumpur', 'en'));
    expect(text).toContain('Monday, 7 December 2026');
    expect(text).toContain('Tuesday, 8 December 2026');
  });
});

describe('canonicalTimeZone', () => {
  it('accepts IANA zones and UTC, in their canonical spelling', () => {
    expect(canonicalTimeZone('Asia/Kuala_Lumpur')).toBe('Asia/Kuala_Lumpur');
    expect(canonicalTimeZone('asia/kuala_lumpur')).toBe('Asia/Kuala_Lumpur');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('refuses what is not a timezone', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });
});

describe('formatMoment', () => {
  it('writes one moment as the appointment times are written, with the zone named', () => {
    expect(formatMoment(new Date('2026-12-07T02:00:00Z'), 'Asia/Kuala_Lumpur', 'en').replace(/[\u202f\u2009]/g, ' ')).toBe(
      'Monday, 7 December 2026 at 10:00 am, Kuala Lumpur (GMT+8)',
    );
  });
});
