import { z } from 'zod';
import { normaliseAccountName } from '../../domain/account-names';
import { MIN_PASSWORD_LENGTH, type PasswordProblem, passwordProblem } from '../../domain/password';
import { translationsFor } from '../translations';
import { emailAddress } from '../zod-fields';

// The sign-up form's wording. Normalised before it is checked, so a fullwidth address is the
// address it shows, and one address is one account on both databases (docs/decisions/0041).
const invalidEmail = 'Please enter a valid email address';
export const ZEmail = z.string({ error: invalidEmail }).overwrite(normaliseAccountName).pipe(emailAddress(invalidEmail));

/** The words for a refused new password (domain/password.ts); English until requests name their language. */
export function passwordProblemMessage(problem: PasswordProblem): string {
  return translationsFor('en').account.passwordRules[problem]();
}

/**
 * At least 8 characters (ASVS 5.0 6.2.1), and none of the most common passwords; long passphrases are
 * accepted whole, up to a sane bound. Being the account's own name is checked where the
 * account is known.
 */
export const ZNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'Password must be at most 1024 characters')
  .refine((password) => passwordProblem(password) !== 'common', passwordProblemMessage('common'));
