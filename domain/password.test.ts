import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('a new password', () => {
  it('has at least 8 characters (ASVS 5.0 6.2.1)', () => {
    expect(passwordProblem('Kx9#qz7')).toBe('tooShort');
    expect(passwordProblem('Kx9#qz7w')).toBeUndefined();
  });

  it('is refused when it is among the 10,000 most common, whatever its case', () => {
    for (const common of ['12345678', 'password', 'qwerty123', 'Sunshine', 'PASSWORD1', 'iloveyou']) expect(passwordProblem(common)).toBe('common');
  });

  it('is refused when it equals the username or the e-mail address, whatever the case', () => {
    const account = { username: 'klinik.minda', email: 'owner@klinik.example' };
    expect(passwordProblem('Klinik.Minda', account)).toBe('sameAsAccount');
    expect(passwordProblem('OWNER@klinik.example', account)).toBe('sameAsAccount');
    expect(passwordProblem('klinik.minda 2026', account)).toBeUndefined();
  });

  it('accepts a passphrase, and an account with no names known yet', () => {
    expect(passwordProblem('a long passphrase, kept whole', { username: '', email: undefined })).toBeUndefined();
  });
});
