import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './sealed-secret';

const SESSION_SECRET = 'a session secret of at least thirty-two characters';

describe('sealed TOTP secrets', () => {
  it('opens what it sealed, and never stores the secret readable', () => {
    const sealed = sealSecret(SESSION_SECRET, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(SESSION_SECRET, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(sealSecret(SESSION_SECRET, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('opens nothing under another session secret, or once altered', () => {
    const sealed = sealSecret(SESSION_SECRET, 'JBSWY3DPEHPK3PXP');
    expect(openSecret('another session secret, also thirty-two characters', sealed)).toBeUndefined();
    const [version, iv, tag, data] = sealed.split('.');
    const altered = Buffer.from(data!, 'base64url');
    altered[0]! ^= 1;
    expect(openSecret(SESSION_SECRET, [version, iv, tag, altered.toString('base64url')].join('.'))).toBeUndefined();
    expect(openSecret(SESSION_SECRET, 'not sealed')).toBeUndefined();
  });
});
