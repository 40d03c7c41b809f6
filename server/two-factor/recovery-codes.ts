import { randomInt } from 'node:crypto';
import { formatRecoveryCode, normaliseCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../domain/two-factor';
import { hashSecretToken } from '../auth/secret-tokens';

/** Ten fresh codes, as the member is shown them once. */
export function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(code()));
}

/** What is stored of a code: 80 random bits make a plain SHA-256 as safe as a slow hash, and let the code be looked up. */
export function hashRecoveryCode(typed: string): string {
  return hashSecretToken(normaliseCode(typed));
}
