import { createHash, randomBytes } from 'node:crypto';

/** SPEC section 9: 'The link will expire in 1 hour.' */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;


/** 256 random bits, URL-safe. Only its hash is stored. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 suffices: the token is random, so there is nothing to brute-force a salt against. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
