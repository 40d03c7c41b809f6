import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets are stored sealed (AES-256-GCM) under a key drawn from SESSION_SECRET, so a
 * copy of the database alone (a backup) gives no one the codes. Rotating SESSION_SECRET makes
 * the sealed secrets unreadable: members then sign in with a recovery code and set up again
 * (docs/privacy-and-security.md, docs/decisions/0035).
 */
const KEY_LABEL = 'minda two-factor secrets v1';
const VERSION = 'v1';

const keyOf = (sessionSecret: string) => Buffer.from(hkdfSync('sha256', sessionSecret, '', KEY_LABEL, 32));

export function sealSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or undefined when it was sealed under another SESSION_SECRET (or tampered with). */
export function openSecret(sessionSecret: string, sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
