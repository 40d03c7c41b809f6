import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, type PasswordProblem, passwordProblem } from '../../domain/password';
import { translationsFor } from '../translations';
import { emailAddress } from '../zod-fields';

// The sign-up form's wording; stored lower-cased so one address is one account on both databases.
const ZEmail = emailAddress('Please enter a valid email address').transform((email) => email.toLowerCase());

/** The words for a refused new password (domain/password.ts); English until requests name their language. */
export function passwordProblemMessage(problem: PasswordProblem): string {
  return translationsFor('en').account.passwordRules[problem]();
}

/**
 * At least 6 characters (the published sign-up rule), and none of the most common passwords; long passphrases are
 * accepted whole, up to a sane bound. Being the account's own name is checked where the
 * account is known.
 */
const ZNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'Password must be at most 1024 characters')
  .refine((password) => passwordProblem(password) !== 'common', passwordProblemMessage('common'));

/** Usernames are case-insensitive: they are stored and looked up lower-cased. */
export const ZRegisterRequest = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(64, 'Username must be at most 64 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores')
    .toLowerCase(),
  email: ZEmail,
  password: ZNewPassword,
}).refine((request) => passwordProblem(request.password, request) !== 'sameAsAccount', {
  path: ['password'],
  message: passwordProblemMessage('sameAsAccount'),
});

/** Only "required" here: an impossible username is simply unknown, answered like one. */
export const ZLoginRequest = z.object({
  username: z.string().trim().toLowerCase().min(1, 'Username is required').max(256, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password must be at most 1024 characters'),
});

export const ZRequestPasswordResetRequest = z.object({ email: ZEmail });

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, 'The reset token is missing').max(512, 'The reset token is too long'),
  password: ZNewPassword,
});

export const ZAccount = z.object({ id: z.string(), username: z.string(), email: z.string() });

export const ZOk = z.object({ ok: z.literal(true) });

export type RegisterRequest = z.output<typeof ZRegisterRequest>;
export type LoginRequest = z.output<typeof ZLoginRequest>;
export type RequestPasswordResetRequest = z.output<typeof ZRequestPasswordResetRequest>;
export type ResetPasswordRequest = z.output<typeof ZResetPasswordRequest>;
export type Account = z.output<typeof ZAccount>;
