import { describe, expect, it } from 'vitest';
import { isMalaysianMobilePhone, isValidMalaysianPhone, normaliseMalaysianPhone, phoneProblem } from './phone';

describe('isValidMalaysianPhone', () => {
  it.each([
    '0123456789', // mobile, 0 + 9 digits
    '01123456789', // 011 mobile, 0 + 10 digits
    '+60123456789',
    '+601123456789',
    '60123456789', // 60 without '+'
    '012-345 6789',
    '012.345.6789', // the library reads dots as separators too
    '(03) 7627 2929', // Kuala Lumpur landline
    '+60 12-345 6789',
  ])('accepts %s', (phone) => {
    expect(isValidMalaysianPhone(phone)).toBe(true);
  });

  it.each([
    '012345678', // a mobile number one digit short
    '012345678901', // 0 + 11 digits
    '+6012345678', // +60 12 and 6 digits: no such mobile range
    '+6012345678901',
    '+65 9123 4567', // Singapore: valid, but not Malaysian
    '012-abc-6789',
    '',
  ])('rejects %s', (phone) => {
    expect(isValidMalaysianPhone(phone)).toBe(false);
  });
});

describe('isMalaysianMobilePhone', () => {
  it('accepts mobile numbers and refuses landlines and foreign numbers', () => {
    expect(isMalaysianMobilePhone('012-345 6789')).toBe(true);
    expect(isMalaysianMobilePhone('011-2345 6789')).toBe(true);
    expect(isMalaysianMobilePhone('(03) 7627 2929')).toBe(false);
    expect(isMalaysianMobilePhone('+65 9123 4567')).toBe(false);
  });
});

describe('phoneProblem', () => {
  it('asks for a mobile number only when WhatsApp messages are wanted', () => {
    expect(phoneProblem('03-7627 2929', { whatsApp: false })).toBeUndefined();
    expect(phoneProblem('03-7627 2929', { whatsApp: true })).toBe('mobilePhone');
    expect(phoneProblem('012-345 6789', { whatsApp: true })).toBeUndefined();
    expect(phoneProblem('12345', { whatsApp: true })).toBe('phone');
  });
});

describe('normaliseMalaysianPhone', () => {
  it('answers E.164 (+60…) whichever way the number was typed', () => {
    expect(normaliseMalaysianPhone('012-345 6789')).toBe('+60123456789');
    expect(normaliseMalaysianPhone('(03) 7627 2929')).toBe('+60376272929');
    expect(normaliseMalaysianPhone('60 12 345 6789')).toBe('+60123456789');
    expect(normaliseMalaysianPhone('+60 12-345 6789')).toBe('+60123456789');
  });
});
