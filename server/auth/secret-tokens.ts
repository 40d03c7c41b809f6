import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: reset links and session ids. Only their hash is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 suffices: the token is random, so there is nothing to brute-force a salt against. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
