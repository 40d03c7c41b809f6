import { z } from 'zod';
import { useEmailVerification } from '../../db/repositories/email-verifications';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError } from '../errors';
import type { ZOk } from '../zod-fields';

/** POST /api/email-verification/:token/confirm: the token from the mailed link, in the body of a POST. */
export const ZVerifyEmailRequest = z.object({
  token: z.string().min(1, 'The confirmation token is missing').max(512, 'The confirmation token is too long'),
});

/**
 * Verifies the address the link was mailed to, if the account still has it. Only a POST does
 * this (the page's button): the link's GET shows a page and changes nothing, so a mail scanner
 * that opens links verifies nobody. It signs nobody in either: the link proves an address, not
 * who holds the password.
 */
export async function verifyEmail(ctx: Pick<RequestContext, 'db' | 'now'>, input: z.output<typeof ZVerifyEmailRequest>): Promise<z.output<typeof ZOk>> {
  if (!(await useEmailVerification(ctx.db, hashSecretToken(input.token), ctx.now()))) {
    throw new AppError('BAD_REQUEST', (t) => t.errors.emailVerification.invalidLink());
  }
  return { ok: true };
}
