import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, otpauthUri, timeStepOfCode, totpCodeAt } from './totp';

const STEP_MS = 30_000;
const AT = new Date('2026-11-26T02:00:10Z');
const stepAt = (at: Date) => Math.floor(at.getTime() / STEP_MS);

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  /** An authenticator app's code, computed by otpauth itself for an app's clock. */
  const appCode = (at: Date) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

  it('draws a 160-bit secret each time', () => {
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('answers the time step of the current code', () => {
    expect(totpCodeAt(secret, AT)).toBe(appCode(AT));
    expect(timeStepOfCode(secret, appCode(AT), AT)).toBe(stepAt(AT));
  });

  it('takes a code one step early or late, with its own step, and nothing further off', () => {
    const before = new Date(AT.getTime() - STEP_MS);
    const after = new Date(AT.getTime() + STEP_MS);
    expect(timeStepOfCode(secret, appCode(before), AT)).toBe(stepAt(AT) - 1);
    expect(timeStepOfCode(secret, appCode(after), AT)).toBe(stepAt(AT) + 1);
    expect(timeStepOfCode(secret, appCode(new Date(AT.getTime() - 2 * STEP_MS)), AT)).toBeNull();
    expect(timeStepOfCode(secret, appCode(new Date(AT.getTime() + 2 * STEP_MS)), AT)).toBeNull();
  });

  it('refuses another secret’s code', () => {
    expect(timeStepOfCode(newTotpSecret(), appCode(AT), AT)).toBeNull();
  });

  it('names the issuer and the account in the address an app scans', () => {
    const uri = otpauthUri(secret, 'klinik.minda');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Minda:klinik\.minda\?/);
    const parsed = new URL(uri);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ secret, issuer: 'Minda', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
