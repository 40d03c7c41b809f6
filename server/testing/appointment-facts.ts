import type { AppointmentFacts } from '../mail/booking-emails';

/** One appointment as the mails see it, for tests of what a mail says; tests override what they are about. */
export function appointmentFacts(overrides: Partial<AppointmentFacts> = {}): AppointmentFacts {
  return {
    id: '3f0e4c1a-9d2b-4c6e-8f7a-1b2c3d4e5f60',
    status: 'requested',
    revision: 0,
    client: { name: 'Siti', email: 'siti@example.com', phone: '+60123456789', timezone: 'Asia/Kuala_Lumpur', language: 'en' },
    psychologist: { id: 'p1', name: 'Dr. Aisyah', email: 'aisyah@klinik.example', timezone: 'Asia/Kuala_Lumpur', cancellationNoticeHours: 24 },
    startUtc: new Date('2026-12-07T02:00:00Z'),
    endUtc: new Date('2026-12-07T03:00:00Z'),
    care: { resultsShared: false, contactPromptly: false },
    place: null,
    visitorContact: { phone: null, whatsApp: null, email: null },
    ...overrides,
  };
}
