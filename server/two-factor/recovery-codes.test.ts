import { describe, expect, it } from 'vitest';
import { isRecoveryCode } from '../../domain/two-factor';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';

describe('recovery codes', () => {
  it('draws 10 different well-formed codes each time', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(isRecoveryCode(code)).toBe(true);
    expect(newRecoveryCodes()).not.toEqual(codes);
  });

  it('hashes a code the same however it is typed, and never as itself', () => {
    const [code] = newRecoveryCodes();
    const hash = hashRecoveryCode(code!);
    expect(hashRecoveryCode(` ${code!.toLowerCase().replaceAll('-', ' ')} `)).toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code!.replaceAll('-', '').toLowerCase());
    expect(hashRecoveryCode(newRecoveryCodes()[0]!)).not.toBe(hash);
  });
});
