import { describe, expect, it } from 'vitest';
import { isValidMalaysianPhone, normaliseMalaysianPhone } from './phone';

describe('isValidMalaysianPhone', () => {
  it.each([
    '0123456789', // 0 + 9 digits
    '01123456789', // 0 + 10 digits
    '+6012345678', // +60 + 8 digits
    '+60123456789', // +60 + 9 digits
    '+601123456789', // +60 + 10 digits
    '60123456789', // 60 without '+'
    '012-345 6789',
    '(03) 7627 2929',
    '+60 12-345 6789',
  ])('accepts %s', (phone) => {
    expect(isValidMalaysianPhone(phone)).toBe(true);
  });

  it.each([
    '012345678', // 0 + 8 digits
    '012345678901', // 0 + 11 digits
    '+601234567', // +60 + 7 digits
    '+6012345678901', // +60 + 11 digits
    '123456789', // no prefix
    '+65 9123 4567', // Singapore
    '012.345.6789', // dots are not stripped
    '012-abc-6789',
    '',
  ])('rejects %s', (phone) => {
    expect(isValidMalaysianPhone(phone)).toBe(false);
  });
});

describe('normaliseMalaysianPhone', () => {
  it('replaces a leading 0 with +60', () => {
    expect(normaliseMalaysianPhone('012-345 6789')).toBe('+60123456789');
    expect(normaliseMalaysianPhone('(03) 7627 2929')).toBe('+60376272929');
  });

  it("adds '+' to a leading 60", () => {
    expect(normaliseMalaysianPhone('60 12 345 6789')).toBe('+60123456789');
  });

  it('keeps +60 numbers, minus their separators', () => {
    expect(normaliseMalaysianPhone('+60 12-345 6789')).toBe('+60123456789');
  });
});
