import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isAuthenticatorCode, isRecoveryCode, normaliseCode } from './two-factor';

describe('second-factor codes', () => {
  it('groups a recovery code in fours', () => {
    expect(formatRecoveryCode('7K2DQ9XMABCDEFGH')).toBe('7K2D-Q9XM-ABCD-EFGH');
  });

  it('compares typed codes without spaces, dashes or case', () => {
    expect(normaliseCode(' 7k2d-q9xm abcd-efgh ')).toBe('7K2DQ9XMABCDEFGH');
  });

  it('tells an authenticator code from a recovery code', () => {
    expect(isAuthenticatorCode('123 456')).toBe(true);
    expect(isAuthenticatorCode('12345')).toBe(false);
    expect(isAuthenticatorCode('1234567')).toBe(false);
    expect(isRecoveryCode('7k2d-q9xm-abcd-efgh')).toBe(true);
    expect(isRecoveryCode('123456')).toBe(false);
    // I, L, O and U are not in the alphabet: a misread code is refused before any lookup.
    expect(isRecoveryCode('IK2D-Q9XM-ABCD-EFGH')).toBe(false);
    expect(isRecoveryCode('7K2D-Q9XM-ABCD-EFG')).toBe(false);
  });
});
