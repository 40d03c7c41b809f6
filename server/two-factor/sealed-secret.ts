import { hkdfSync } from 'node:crypto';
import { openText, sealText } from '../sealed-text';

/**
 * TOTP secrets are stored sealed (AES-256-GCM) under a key drawn from SESSION_SECRET, so a
 * copy of the database alone (a backup) gives no one the codes. Rotating SESSION_SECRET makes
 * the sealed secrets unreadable: members then sign in with a recovery code and set up again
 * (docs/privacy-and-security.md, docs/decisions/0035).
 */
const KEY_LABEL = 'minda two-factor secrets v1';

const keyOf = (sessionSecret: string) => Buffer.from(hkdfSync('sha256', sessionSecret, '', KEY_LABEL, 32));

export function sealSecret(sessionSecret: string, secret: string): string {
  return sealText(keyOf(sessionSecret), secret);
}

/** The secret, or undefined when it was sealed under another SESSION_SECRET (or tampered with). */
export function openSecret(sessionSecret: string, sealed: string): string | undefined {
  return openText(keyOf(sessionSecret), sealed);
}
