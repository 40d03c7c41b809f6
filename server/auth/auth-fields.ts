import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, type PasswordProblem, passwordProblem } from '../../domain/password';
import { translationsFor } from '../translations';
import { emailAddress } from '../zod-fields';

// The sign-up form's wording; stored lower-cased so one address is one account on both databases.
export const ZEmail = emailAddress('Please enter a valid email address').transform((email) => email.toLowerCase());

/** The words for a refused new password (domain/password.ts); English until requests name their language. */
export function passwordProblemMessage(problem: PasswordProblem): string {
  return translationsFor('en').account.passwordRules[problem]();
}

/**
 * At least 6 characters (the published sign-up rule), and none of the most common passwords; long passphrases are
 * accepted whole, up to a sane bound. Being the account's own name is checked where the
 * account is known.
 */
export const ZNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'Password must be at most 1024 characters')
  .refine((password) => passwordProblem(password) !== 'common', passwordProblemMessage('common'));
