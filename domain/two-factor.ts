/**
 * What the sign-in form and the server agree on about second-factor codes
 * (docs/decisions/0035-two-factor-sign-in.md).
 */

/** How many single-use recovery codes an account gets when it turns two-factor sign-in on. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * Crockford's base32 letters: no I, L, O or U, so a code read off paper is not mistyped. Each
 * character carries 5 bits; 16 of them, 80 bits, are beyond guessing even from their SHA-256.
 */
export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_LENGTH = 16;

/** The 16 characters in groups of four, as shown to the member: `7K2D-Q9XM-…`. */
export function formatRecoveryCode(characters: string): string {
  return characters.match(/.{1,4}/g)!.join('-');
}

/** A typed code without its spaces and dashes, upper-cased: how a recovery code is compared. */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/** The six digits an authenticator app shows (spaces allowed: some apps show `123 456`). */
export function isAuthenticatorCode(typed: string): boolean {
  return /^\d{6}$/.test(normaliseCode(typed));
}

/** Well formed as a recovery code: 16 characters of the alphabet once spaces and dashes go. */
export function isRecoveryCode(typed: string): boolean {
  const code = normaliseCode(typed);
  return code.length === RECOVERY_CODE_LENGTH && [...code].every((character) => RECOVERY_CODE_ALPHABET.includes(character));
}
