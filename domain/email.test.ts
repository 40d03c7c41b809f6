import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each(['aisyah@klinik.my', ' daniel.tan+minda@mail.example.com ', 'a@b.co'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'aisyah', 'aisyah@', '@klinik.my', 'aisyah@klinik', 'ai syah@klinik.my', 'aisyah@klinik..my'])(
    'refuses %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});
