import { describe, expect, it } from 'vitest';
import type { Locales } from '../../i18n/i18n-types';
import { fieldProblems } from '../errors';
import { ZBookAppointmentRequest } from './book-appointment.types';
import { translationsFor } from '../translations';

const valid = {
  slug: 'klinik-minda',
  psychologistId: '6f1c3c52-1d2e-4b7a-9c3f-2a1b0c9d8e7f',
  slotId: '0a9b8c7d-6e5f-4a3b-8c1d-0e9f8a7b6c5d',
  clientName: '  Siti Aminah  ',
  clientEmail: ' siti@example.com ',
  clientPhone: '012-345 6789',
  clientTimezone: 'Asia/Kuala_Lumpur',
  // Its shape only: the use case checks the solution (server/booking-challenge/proof-of-work.ts).
  proofOfWork: {
    challenge: {
      parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 1000, keyLength: 32, keyPrefix: '00', data: { screener: 'klinik-minda' } },
      signature: 'ef',
    },
    solution: { counter: 7, derivedKey: '00ff' },
  },
};

const INVALID_PHONE_MESSAGE = 'Please enter a valid Malaysian phone number';

/** The first problem of each field, as the caller reads it. */
const problems = (input: unknown, locale: Locales = 'en') => {
  const result = ZBookAppointmentRequest.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldProblems(result.error, locale)).map(([field, [first]]) => [field, first]));
};

describe('the booking request', () => {
  it('trims the name and e-mail, stores the phone as +60… and defaults the language to English', () => {
    expect(ZBookAppointmentRequest.parse(valid)).toEqual({
      ...valid,
      clientName: 'Siti Aminah',
      clientEmail: 'siti@example.com',
      clientPhone: '+60123456789',
      clientLanguage: 'en',
      whatsappReminders: false,
    });
    expect(ZBookAppointmentRequest.parse({ ...valid, clientPhone: '60 3-7627 2929' }).clientPhone).toBe('+60376272929');
  });

  it('asks for the solved booking challenge under its own field, in the caller’s language', () => {
    const { proofOfWork: _left, ...withoutProof } = valid;
    expect(problems(withoutProof)).toEqual({ proofOfWork: translationsFor('en').errors.fields.proofOfWork() });
    expect(problems(withoutProof, 'ms')).toEqual({ proofOfWork: translationsFor('ms').errors.fields.proofOfWork() });
  });

  it('refuses a phone number outside the Malaysian phone rules with their message', () => {
    for (const clientPhone of ['12345', '+6512345678', '0123', '+60 12 345 6789 012', 'abc']) {
      expect(problems({ ...valid, clientPhone }), clientPhone).toEqual({ clientPhone: INVALID_PHONE_MESSAGE });
    }
  });

  it('asks for a mobile number and the consent when WhatsApp reminders are ticked, in the caller’s language', () => {
    const consents = { screener: { givenAt: '2026-11-27T01:00:00.000Z' }, privacyNotice: { givenAt: '2026-11-27T01:00:00.000Z' } };
    const landline = { ...valid, clientPhone: '03-7627 2929', whatsappReminders: true, consents: { ...consents, whatsappReminders: { givenAt: '2026-11-27T01:00:00.000Z' } } };
    expect(problems(landline)).toEqual({ clientPhone: translationsFor('en').errors.fields.mobilePhone() });
    expect(problems(landline, 'ms')).toEqual({ clientPhone: translationsFor('ms').errors.fields.mobilePhone() });
    expect(problems({ ...valid, whatsappReminders: true, consents })).toEqual({ 'consents.whatsappReminders': translationsFor('en').errors.fields.consentToWhatsapp() });
    expect(ZBookAppointmentRequest.parse({ ...landline, clientPhone: '012-345 6789' }).whatsappReminders).toBe(true);
    // Unticked, a landline is a booking's number as before.
    expect(problems({ ...valid, clientPhone: '03-7627 2929' })).toEqual({});
  });

  it("reads its problems in the caller's language", () => {
    expect(problems({ ...valid, clientPhone: '123', clientName: ' ', clientEmail: 'siti@' }, 'ms')).toEqual({
      clientPhone: 'Sila masukkan nombor telefon Malaysia yang sah',
      clientName: 'wajib diisi',
      clientEmail: 'mestilah alamat e-mel yang sah',
    });
    expect(problems({ ...valid, clientName: 'x'.repeat(201) }, 'ms')).toEqual({ clientName: 'mestilah tidak melebihi 200 aksara' });
    expect(problems({ ...valid, clientName: undefined }, 'ms')).toEqual({ clientName: 'wajib diisi' });
  });

  it('refuses a blank or overlong name and a malformed e-mail', () => {
    expect(problems({ ...valid, clientName: '   ' })).toEqual({ clientName: 'is required' });
    expect(problems({ ...valid, clientName: 'x'.repeat(201) })).toEqual({ clientName: 'must be at most 200 characters' });
    expect(problems({ ...valid, clientEmail: 'siti@' })).toEqual({ clientEmail: 'must be a valid e-mail address' });
    expect(problems({ ...valid, clientEmail: `${'a'.repeat(250)}@x.my` })).toEqual({ clientEmail: 'must be at most 254 characters' });
  });

  it('keeps an IANA timezone in its canonical spelling and refuses anything else', () => {
    expect(ZBookAppointmentRequest.parse({ ...valid, clientTimezone: 'europe/london' }).clientTimezone).toBe('Europe/London');
    expect(problems({ ...valid, clientTimezone: 'Somewhere/Else' })).toEqual({ clientTimezone: 'must be a timezone such as Asia/Kuala_Lumpur' });
  });

  it('takes the e-mail language as en or ms only', () => {
    expect(ZBookAppointmentRequest.parse({ ...valid, clientLanguage: 'ms' }).clientLanguage).toBe('ms');
    expect(problems({ ...valid, clientLanguage: 'fr' })).toEqual({ clientLanguage: "must be 'en' or 'ms'" });
  });
});
