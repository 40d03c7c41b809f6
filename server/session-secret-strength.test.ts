import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimatedBits, sessionSecretWeakness } from './session-secret-strength';

describe('sessionSecretWeakness', () => {
  it('accepts random secrets in the usual spellings', () => {
    for (let draw = 0; draw < 1000; draw++) {
      expect(sessionSecretWeakness(randomBytes(16).toString('hex'))).toBeUndefined();
      expect(sessionSecretWeakness(randomBytes(32).toString('base64'))).toBeUndefined();
      expect(sessionSecretWeakness(randomBytes(32).toString('base64url'))).toBeUndefined();
    }
  });

  it('refuses the placeholders of compose files and tutorials', () => {
    for (const placeholder of [
      'change-me-to-32-or-more-random-characters',
      'CHANGEME-CHANGEME-CHANGEME-CHANGEME',
      'please_change_me_before_going_live_ok',
      'my-super-secret-session-key-for-minda',
      'password-password-password-password1',
      'replace-this-with-a-long-string-of-text',
    ]) {
      expect(sessionSecretWeakness(placeholder), placeholder).toMatch(/looks like a placeholder: generate one with `openssl rand -base64 32`/);
    }
  });

  it('refuses secrets too repetitive to be random', () => {
    for (const repetitive of ['x'.repeat(32), 'ab'.repeat(20), '0123456789'.repeat(4), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', 'abcabcabcabcabcabcabcabcabcabcabcxyz']) {
      expect(sessionSecretWeakness(repetitive), repetitive).toMatch(/is too repetitive to be random/);
    }
  });

  it('estimates the bits of a secret from its own characters', () => {
    expect(estimatedBits('x'.repeat(32))).toBe(0);
    expect(estimatedBits('ab'.repeat(16))).toBe(32);
    expect(estimatedBits('0123456789abcdef'.repeat(2))).toBe(128);
  });
});
