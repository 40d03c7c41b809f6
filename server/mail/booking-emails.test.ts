import { describe, expect, it } from 'vitest';
import { readCalendar, readCalendarEvents, readCalendarWithNodeIcal, readEventPlaces } from '../testing/read-calendar';
import { appointmentFacts } from '../testing/appointment-facts';
import {
  type AppointmentFacts,
  appointmentAnsweredEmail,
  appointmentCancelledEmail,
  appointmentReminderEmail,
  bookingClientEmail,
  bookingHoldEmail,
  bookingOperatorEmail,
  bookingPsychologistEmail,
  clinicClosedEmail,
  ownChangeEmail,
} from './booking-emails';

const facts = appointmentFacts({ client: { ...appointmentFacts().client, name: 'Siti & <Co>' } });
const brand = { name: 'Klinik Minda', logoUrl: 'https://minda.test/demo-logo.svg', contactEmail: 'hello@klinik.example' };
// ICU separates times with narrow and thin spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u202f\u2009]/g, ' ');

describe('booking e-mails', () => {
  it('never puts text the clinic typed in a visitor’s subject: a hold’s mail reaches any address a visitor types', () => {
    const manageUrl = 'https://minda.test/appointments/manage/t0k3n';
    const now = new Date('2026-12-01T00:00:00Z');
    const spam = { ...facts, psychologist: { ...facts.psychologist, name: 'WIN RM5000 at evil.example' } };
    const spamBrand = { ...brand, name: 'Claim now at evil.example' };
    for (const language of ['en', 'ms'] as const) {
      const visitor = { ...spam, client: { ...spam.client, language } };
      const mails = [
        bookingHoldEmail(visitor, spamBrand, manageUrl),
        bookingClientEmail(visitor, spamBrand, now, manageUrl),
        appointmentCancelledEmail({ ...visitor, status: 'cancelled' }, spamBrand, manageUrl, now),
        appointmentReminderEmail(visitor, spamBrand, manageUrl),
        ownChangeEmail({ ...visitor, status: 'confirmed' }, spamBrand, { manageUrl, now }),
        ...(['confirmed', 'declined', 'completed', 'no_show'] as const).map((status) => appointmentAnsweredEmail(visitor, spamBrand, { status, manageUrl, now })),
      ];
      for (const mail of mails) expect(mail.subject).not.toMatch(/evil|WIN|Claim/);
    }
  });

  it('tells the visitor the booking was received, when, and with whom, branded with the operator’s screener', () => {
    const mail = bookingClientEmail(facts, brand, new Date('2026-12-01T00:00:00Z'), 'https://minda.test/appointments/manage/t0k3n');
    expect(mail.subject).toBe('Your booking was received');
    expect(plain(mail.text)).toBe(
      [
        'Klinik Minda',
        'Booking Received!',
        'Hello Siti & <Co>,',
        'Thank you for booking through Klinik Minda. Dr. Aisyah will reach out to you to confirm your appointment.',
        // The clinic's e-mail, every visitor mail's way to reach it (docs/decisions/0049).
        'Psychologist: Dr. Aisyah\nWhen: Monday, 7 December 2026, 10:00 – 11:00 am, Kuala Lumpur (GMT+8)\nE-mail: hello@klinik.example',
        'See, change or cancel your appointment: https://minda.test/appointments/manage/t0k3n',
        'The attached calendar file adds the appointment to your calendar.',
        '-- \nYou receive this e-mail because of an appointment booked through Klinik Minda. Replies to this address are not read.',
      ].join('\n\n'),
    );
    expect(mail.html).toContain('<img src="https://minda.test/demo-logo.svg"');
    expect(mail.html).toContain('Hello Siti &amp; &lt;Co&gt;,');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'appointment.ics' })]);
    expect(readCalendarEvents(mail.attachments![0]!.content)).toEqual([expect.objectContaining({ summary: 'Appointment with Dr. Aisyah' })]);
  });

  it('writes the visitor’s mail and calendar entry in Malay for a Malay visitor', () => {
    const mail = bookingClientEmail({ ...facts, client: { ...facts.client, language: 'ms' } }, brand, new Date(), 'https://minda.test/ms/appointments/manage/t0k3n');
    expect(mail.subject).toBe('Tempahan anda telah diterima');
    expect(mail.text).toContain('Isnin, 7 Disember 2026');
    expect(readCalendarEvents(mail.attachments![0]!.content)).toEqual([expect.objectContaining({ summary: 'Janji temu dengan Dr. Aisyah' })]);
  });

  it('gives the psychologist and the operator the client’s contact, in English, at the psychologist’s time', () => {
    const malayVisitor = { ...facts, client: { ...facts.client, language: 'ms' as const, timezone: 'Europe/London' } };
    const psychologist = bookingPsychologistEmail(malayVisitor, brand);
    expect(psychologist.subject).toBe('New booking: Siti & <Co>');
    expect(plain(psychologist.text)).toContain(
      'When: Monday, 7 December 2026, 10:00 – 11:00 am, Kuala Lumpur (GMT+8)\nClient: Siti & <Co>\nE-mail: siti@example.com\nPhone: +60123456789\nClient\'s timezone: London (GMT)',
    );
    const operator = bookingOperatorEmail(malayVisitor, brand, 'https://minda.test/admin-setup');
    expect(operator.subject).toBe('New booking for Dr. Aisyah');
    expect(operator.text).toContain('Psychologist: Dr. Aisyah\nWhen:');
    expect(operator.text).toContain('View appointments: https://minda.test/admin-setup');
    expect(operator.attachments).toBeUndefined();
  });

  it('tells the visitor of a cancellation with a way back to book another time, and removes the calendar entry', () => {
    const cancelled = { ...facts, status: 'cancelled' as const, revision: 2 };
    const mail = appointmentCancelledEmail(cancelled, brand, 'https://minda.test/screener/klinik-minda', new Date());
    expect(mail.subject).toBe('Your appointment was cancelled');
    expect(mail.text).toContain('has been cancelled by Klinik Minda');
    expect(mail.html).toContain('href="https://minda.test/screener/klinik-minda"');
    expect(mail.attachments![0]!.contentType).toContain('method=CANCEL');
    expect(readCalendar(mail.attachments![0]!.content)).toMatchObject({
      method: 'CANCEL',
      events: [{ uid: `${facts.id}@minda`, sequence: 2, status: 'CANCELLED' }],
    });
  });

  it('updates the same calendar entry when the clinic confirms, and sends none for a completed session', () => {
    const answer = { message: 'See you at level 3.', manageUrl: 'https://minda.test/appointments/manage/t0k3n', now: new Date() };
    const confirmed = appointmentAnsweredEmail({ ...facts, status: 'confirmed', revision: 1 }, brand, { ...answer, status: 'confirmed' });
    expect(confirmed.text).toContain('A message from the clinic: See you at level 3.');
    expect(readCalendarEvents(confirmed.attachments![0]!.content)).toEqual([
      expect.objectContaining({ uid: `${facts.id}@minda`, sequence: 1, status: 'CONFIRMED', description: 'Booked through Klinik Minda and confirmed.' }),
    ]);
    const completed = appointmentAnsweredEmail({ ...facts, status: 'completed', revision: 2 }, brand, { ...answer, status: 'completed' });
    expect(completed.attachments).toBeUndefined();
    expect(completed.text).not.toContain('calendar');
  });

  it('tells a visitor who moved their appointment the new time, with the entry updated, in Malay', () => {
    const moved = { ...facts, status: 'confirmed' as const, revision: 3, client: { ...facts.client, language: 'ms' as const } };
    const mail = ownChangeEmail(moved, brand, { manageUrl: 'https://minda.test/ms/appointments/manage/t0k3n', now: new Date() });
    expect(mail.subject).toBe('Janji temu anda telah dipindahkan');
    expect(readCalendarEvents(mail.attachments![0]!.content)).toEqual([expect.objectContaining({ sequence: 3, start: '2026-12-07T02:00:00.000Z' })]);
  });

  it('reminds the visitor with their link, and no calendar file', () => {
    const mail = appointmentReminderEmail({ ...facts, status: 'confirmed' }, brand, 'https://minda.test/appointments/manage/t0k3n');
    expect(mail.subject).toBe('A reminder of your appointment');
    expect(plain(mail.text)).toContain('When: Monday, 7 December 2026, 10:00 – 11:00 am, Kuala Lumpur (GMT+8)');
    expect(mail.text).toContain('https://minda.test/appointments/manage/t0k3n');
    expect(mail.attachments).toBeUndefined();
  });

  it('tells the staff to contact a visitor who answered the crisis item promptly, and that results wait in the inbox, without any result', () => {
    const flagged = { ...facts, care: { resultsShared: true, contactPromptly: true } };
    for (const mail of [bookingOperatorEmail(flagged, brand, 'https://minda.test/admin-setup'), bookingPsychologistEmail(flagged, brand)]) {
      expect(mail.text).toContain('Contact promptly: this visitor answered the screener’s question about harming themselves.');
      expect(mail.text).toContain('The visitor shared their screening results with the clinic.');
      expect(mail.html).toContain('Contact promptly');
    }
    const plainBooking = bookingOperatorEmail(facts, brand, 'https://minda.test/admin-setup');
    expect(plainBooking.text).not.toContain('Contact promptly');
    expect(plainBooking.text).not.toContain('screening results');
  });
});

describe('where the session is, in every mail to the visitor', () => {
  const online: AppointmentFacts = {
    ...facts,
    place: { kind: 'online', videoUrl: 'https://meet.example.com/klinik-minda' },
    visitorContact: { phone: '03-2345 6789', whatsApp: '012-345 6789', email: null },
  };
  const manageUrl = 'https://minda.test/appointments/manage/t0k3n';
  const now = new Date('2026-12-01T00:00:00Z');
  const everyVisitorMail = (visitor: AppointmentFacts) => [
    bookingHoldEmail(visitor, brand, manageUrl),
    bookingClientEmail(visitor, brand, now, manageUrl),
    appointmentCancelledEmail({ ...visitor, status: 'cancelled' }, brand, manageUrl, now),
    appointmentReminderEmail({ ...visitor, status: 'confirmed' }, brand, manageUrl),
    ownChangeEmail({ ...visitor, status: 'confirmed', revision: 1 }, brand, { manageUrl, now }),
    clinicClosedEmail({ ...visitor, status: 'cancelled' }, brand, { name: 'Klinik Minda', email: 'hello@klinik.example' }, now),
    ...(['confirmed', 'declined', 'completed', 'no_show'] as const).map((status) => appointmentAnsweredEmail(visitor, brand, { status, manageUrl, now })),
  ];

  it('says where, and gives the clinic’s phone, WhatsApp (wa.me) and e-mail, in the visitor’s language', () => {
    for (const [language, where, onlineLabel] of [
      ['en', 'Where', 'Online (video call)'],
      ['ms', 'Di mana', 'Dalam talian (panggilan video)'],
    ] as const) {
      for (const mail of everyVisitorMail({ ...online, client: { ...online.client, language } })) {
        expect(mail.text, mail.subject).toContain(`${where}: ${onlineLabel}: https://meet.example.com/klinik-minda`);
        expect(mail.text, mail.subject).toContain('03-2345 6789');
        expect(mail.text, mail.subject).toContain('https://wa.me/60123456789');
        // No address of its own: the clinic's Reply-To.
        expect(mail.text, mail.subject).toContain('hello@klinik.example');
        expect(mail.html, mail.subject).toContain('https://wa.me/60123456789');
      }
    }
  });

  it('puts the place in the calendar file: LOCATION, the link as URL and in DESCRIPTION', () => {
    const mail = bookingClientEmail(online, brand, now, manageUrl);
    const ics = mail.attachments![0]!.content;
    expect(readEventPlaces(ics)).toEqual([{ location: 'https://meet.example.com/klinik-minda', url: 'https://meet.example.com/klinik-minda' }]);
    expect(readCalendarEvents(ics)[0]!.description).toContain('Online (video call): https://meet.example.com/klinik-minda');
    const inPerson = bookingClientEmail({ ...online, place: { kind: 'address', address: '12 Jalan Ampang,\n50450 Kuala Lumpur' } }, brand, now, manageUrl);
    expect(readEventPlaces(inPerson.attachments![0]!.content)).toEqual([{ location: '12 Jalan Ampang,\n50450 Kuala Lumpur', url: null }]);
    const byPhone = bookingClientEmail({ ...online, client: { ...online.client, language: 'ms' }, place: { kind: 'phone' } }, brand, now, manageUrl);
    expect(readEventPlaces(byPhone.attachments![0]!.content)).toEqual([{ location: 'Melalui telefon', url: null }]);
  });

  it('says nothing of a place the clinic has not set, and no health data with the contact', () => {
    const mail = bookingClientEmail({ ...online, place: null, care: { resultsShared: true, contactPromptly: true } }, brand, now, manageUrl);
    expect(mail.text).not.toContain('Where:');
    expect(readEventPlaces(mail.attachments![0]!.content)).toEqual([{ location: null, url: null }]);
    expect(mail.text).not.toMatch(/promptly|screening results|crisis/i);
  });
});

describe("the visitor's calendar file of each mail, read by ical.js and by node-ical", () => {
  const manageUrl = 'https://minda.test/appointments/manage/t0k3n';
  const now = new Date('2026-12-01T00:00:00Z');
  const later = { startUtc: new Date('2026-12-08T03:00:00Z'), endUtc: new Date('2026-12-08T04:00:00Z') };
  const kinds = [
    ['request', bookingClientEmail(facts, brand, now, manageUrl), 'PUBLISH', 0, 'TENTATIVE', facts],
    ['confirmed', appointmentAnsweredEmail({ ...facts, status: 'confirmed', revision: 1 }, brand, { status: 'confirmed', manageUrl, now }), 'PUBLISH', 1, 'CONFIRMED', facts],
    ['moved', ownChangeEmail({ ...facts, ...later, status: 'confirmed', revision: 2 }, brand, { manageUrl, now, movedFrom: facts }), 'PUBLISH', 2, 'CONFIRMED', later],
    ['cancelled', appointmentCancelledEmail({ ...facts, status: 'cancelled', revision: 3 }, brand, manageUrl, now), 'CANCEL', 3, 'CANCELLED', facts],
  ] as const;

  it.each(kinds)('%s: one event from the clinic as organizer, its method, status and SEQUENCE, in CRLF lines', (_, mail, method, sequence, status, times) => {
    const [attachment] = mail.attachments!;
    expect(attachment!.contentType).toBe(`text/calendar; charset=utf-8; method=${method}`);
    const ics = attachment!.content;
    const read = readCalendar(ics);
    expect(read).toEqual({
      method,
      name: null,
      events: [
        {
          uid: `${facts.id}@minda`,
          sequence,
          status,
          start: times.startUtc.toISOString(),
          end: times.endUtc.toISOString(),
          summary: 'Appointment with Dr. Aisyah',
          description: expect.stringContaining('Klinik Minda'),
          organizer: { name: 'Klinik Minda', email: 'hello@klinik.example' },
        },
      ],
    });
    expect(readCalendarWithNodeIcal(ics)).toEqual(read);
    // The text itself: every line, the last included, ends with CRLF, and nothing else breaks one.
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT'))).toEqual(
      expect.arrayContaining([`SEQUENCE:${sequence}`, `STATUS:${status}`, 'ORGANIZER;CN="Klinik Minda":mailto:hello@klinik.example']),
    );
    expect(lines.filter((line) => line.startsWith('METHOD:'))).toEqual([`METHOD:${method}`]);
  });

  it("names the clinic by its Malay name in a Malay visitor's file", () => {
    const malay = { ...facts, client: { ...facts.client, language: 'ms' as const } };
    const ics = bookingClientEmail(malay, { ...brand, nameMs: 'Klinik Minda, Cawangan Ampang' }, now, manageUrl).attachments![0]!.content;
    for (const read of [readCalendar, readCalendarWithNodeIcal]) {
      expect(read(ics).events[0]!.organizer).toEqual({ name: 'Klinik Minda, Cawangan Ampang', email: 'hello@klinik.example' });
    }
  });
});
