/**
 * Whoever knows SESSION_SECRET can seal an operator's session cookie, so a production secret
 * must be neither a placeholder copied from a file nor typed by hand. These rules catch those
 * two; they cannot prove a secret random, so the message says how to make one that is.
 */

/** The words of the placeholders people leave in (compose files, READMEs, tutorials). */
const PLACEHOLDER = /change[\W_]*me|secret|passw(?:or)?d|placeholder|example|random|replace/i;

/**
 * 80 bits is below the estimate of every random 128-bit secret in the usual spellings: the
 * estimate of `openssl rand -hex 16` (32 hex digits) stays above 90 bits in 200,000 draws.
 */
const MINIMUM_ESTIMATED_BITS = 80;

const HOW_TO_MAKE_ONE = 'generate one with `openssl rand -base64 32`';

/** Shannon entropy of the secret's own characters, times its length: low for repeated text. */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  const length = [...secret].length;
  let bitsPerCharacter = 0;
  for (const count of counts.values()) bitsPerCharacter -= (count / length) * Math.log2(count / length);
  return bitsPerCharacter * length;
}

/** Whether the secret is a shorter unit said again and again ('0123456789' × 4). */
function repeatsAUnit(secret: string): boolean {
  for (let period = 1; period <= secret.length / 2; period++) {
    if (secret.slice(period) === secret.slice(0, secret.length - period)) return true;
  }
  return false;
}

/** Why the secret must not seal production sessions, or undefined when it may. */
export function sessionSecretWeakness(secret: string): string | undefined {
  if (PLACEHOLDER.test(secret)) return `looks like a placeholder: ${HOW_TO_MAKE_ONE}`;
  if (repeatsAUnit(secret) || estimatedBits(secret) < MINIMUM_ESTIMATED_BITS) {
    return `is too repetitive to be random: ${HOW_TO_MAKE_ONE}`;
  }
  return undefined;
}
