import { describe, expect, it } from 'vitest';
import { i18nObject } from '../i18n/i18n-util';
import { loadAllLocales } from '../i18n/i18n-util.sync';
import { calendarLocation, describeSessionPlace, isVideoLink, sessionPlaceOf, visitorContactPoints } from './session-place';

loadAllLocales();
const en = i18nObject('en');
const ms = i18nObject('ms');
const klinik = { mode: 'address' as const, address: '12 Jalan Ampang, Kuala Lumpur', videoUrl: null };

describe('where a session is', () => {
  it("takes the psychologist's own place, else the clinic's, else none", () => {
    const online = { mode: 'online' as const, address: null, videoUrl: 'https://meet.example.com/klinik' };
    expect(sessionPlaceOf(klinik, null, null)).toEqual({ kind: 'address', address: klinik.address });
    expect(sessionPlaceOf(klinik, online, null)).toEqual({ kind: 'online', videoUrl: 'https://meet.example.com/klinik' });
    expect(sessionPlaceOf(null, null, null)).toBeNull();
    expect(sessionPlaceOf({ mode: 'phone', address: null, videoUrl: null }, null, null)).toEqual({ kind: 'phone' });
  });

  it("online, the appointment's own link wins over the clinic's one link, and none waits for staff", () => {
    const online = { mode: 'online' as const, address: null, videoUrl: 'https://meet.example.com/klinik' };
    expect(sessionPlaceOf(online, null, 'https://meet.example.com/siti')).toEqual({ kind: 'online', videoUrl: 'https://meet.example.com/siti' });
    expect(sessionPlaceOf({ ...online, videoUrl: null }, null, null)).toEqual({ kind: 'online', videoUrl: null });
  });

  it('reads the same in English and Malay wherever it is shown', () => {
    expect(describeSessionPlace({ kind: 'address', address: klinik.address }, en, 'Dr. Aisyah')).toEqual({ label: 'In person', detail: klinik.address, link: null });
    expect(describeSessionPlace({ kind: 'address', address: klinik.address }, ms, 'Dr. Aisyah').label).toBe('Secara bersemuka');
    expect(describeSessionPlace({ kind: 'online', videoUrl: 'https://meet.example.com/x' }, ms, 'Dr. Aisyah')).toEqual({
      label: 'Dalam talian (panggilan video)',
      detail: 'https://meet.example.com/x',
      link: 'https://meet.example.com/x',
    });
    expect(describeSessionPlace({ kind: 'online', videoUrl: null }, en, 'Dr. Aisyah')).toEqual({
      label: 'Online (video call)',
      detail: 'The clinic will send you the video link before the session.',
      link: null,
    });
    expect(describeSessionPlace({ kind: 'phone' }, en, 'Dr. Aisyah').detail).toBe('Dr. Aisyah will call you on the phone number you gave.');
    expect(describeSessionPlace({ kind: 'phone' }, ms, 'Dr. Aisyah').detail).toBe('Dr. Aisyah akan menelefon anda di nombor telefon yang anda berikan.');
  });

  it("gives a calendar's LOCATION: the address, the link, or what the place is", () => {
    expect(calendarLocation({ kind: 'address', address: klinik.address }, en)).toBe(klinik.address);
    expect(calendarLocation({ kind: 'online', videoUrl: 'https://meet.example.com/x' }, ms)).toBe('https://meet.example.com/x');
    expect(calendarLocation({ kind: 'online', videoUrl: null }, ms)).toBe('Dalam talian (panggilan video)');
    expect(calendarLocation({ kind: 'phone' }, en)).toBe('By phone');
  });

  it('takes only https video links', () => {
    expect(isVideoLink('https://meet.example.com/abc')).toBe(true);
    for (const link of ['http://meet.example.com/abc', 'javascript:alert(1)', 'meet.example.com', '/room']) expect(isVideoLink(link), link).toBe(false);
  });

  it("links the clinic's contact: tel:, wa.me in digits and mailto:", () => {
    expect(visitorContactPoints({ phone: '03-2345 6789', whatsApp: '012-345 6789', email: 'hello@klinik.example' })).toEqual({
      phone: { display: '03-2345 6789', href: 'tel:+60323456789' },
      whatsApp: { display: '012-345 6789', href: 'https://wa.me/60123456789' },
      email: { display: 'hello@klinik.example', href: 'mailto:hello@klinik.example' },
    });
    expect(visitorContactPoints({ phone: null, whatsApp: null, email: null })).toEqual({});
  });
});
