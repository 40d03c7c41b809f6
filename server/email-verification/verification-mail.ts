import type { Kysely } from 'kysely';
import type { Person } from '../../db/repositories/accounts';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import { isEmailVerified, replaceEmailVerification } from '../../db/repositories/email-verifications';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { hashSecretToken, newSecretToken } from '../auth/secret-tokens';
import type { OperatorContext, RequestContext } from '../context';
import { emailVerificationEmail } from '../mail/account-emails';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import type { ZOk } from '../zod-fields';
import type { z } from 'zod';

/** The mail promises it: 'The link will expire in 7 days.' */
const EMAIL_VERIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/**
 * Queues the link that verifies the person's address, replacing any link sent before. Pass the
 * use case's transaction: the mail exists exactly when the link does.
 */
export async function queueVerificationMail(
  ctx: Pick<RequestContext, 'env' | 'now' | 'locale'>,
  db: Kysely<Database>,
  person: Person,
): Promise<void> {
  const token = newSecretToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_LIFETIME_MS);
  await replaceEmailVerification(db, { accountId: person.id, email: person.email, tokenHash: hashSecretToken(token), createdAt: now, expiresAt });
  // The link opens a page whose button confirms: a mail scanner that follows links changes nothing.
  const verifyUrl = `${ctx.env.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const mail = emailVerificationEmail(ctx.locale, { username: person.username, verifyUrl });
  await enqueueEmail(db, { kind: 'email-verification', to: person.email, ...mail, expiresAt }, now);
}

/** POST /api/email-verification: the owner asks for the link again, at most 3 times an hour; once verified, nothing is sent. */
export async function sendVerificationMail(ctx: Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'locale' | 'rateLimits' | 'member'>): Promise<z.output<typeof ZOk>> {
  const person = { id: ctx.member.accountId, username: ctx.member.username, email: ctx.member.email };
  if (await isEmailVerified(ctx.db, person.id)) return { ok: true };
  await enforceRateLimits(ctx, [['emailVerificationPerAccount', person.id]], (t) => t.errors.emailVerification.tooManyMails());
  await inTransaction(ctx.db, (trx) => queueVerificationMail(ctx, trx, person));
  return { ok: true };
}
