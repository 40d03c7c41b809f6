import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import {
  deleteLeasedPasswordResetRequest,
  leasePasswordResetRequests,
  type PasswordResetRequest,
} from '../../db/repositories/password-reset-requests';
import { insertResetToken } from '../../db/repositories/password-reset-tokens';
import { findPersonByEmail } from '../../db/repositories/accounts';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { isLocale } from '../../i18n/i18n-util';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import type { Env } from '../env';
import { passwordResetEmail } from '../mail/account-emails';
import { RESET_LINK_LIFETIME_MS } from './reset-tokens';

/** Its own type, not server/context.ts's: the services there are built from this room (decision 0046). */
interface QueueDeps {
  db: Kysely<Database>;
  now: () => Date;
  env: Pick<Env, 'publicUrl'>;
}

/** Far longer than one request's few statements, so a live worker never loses its lease. */
const LEASE_MS = 60_000;

/**
 * One pass over the reset requests written down by requestPasswordReset: for each, the link
 * and its mail are queued in the outbox, or nothing for an unknown address, in the transaction
 * that deletes the request. So each request gives at most one mail, whichever process takes
 * it, and the address it names is kept no longer than that.
 */
export async function queueRequestedResetLinks(deps: QueueDeps, batch = 20): Promise<{ queued: number }> {
  const owner = randomUUID();
  let queued = 0;
  // Batch after batch until one comes back short: a burst of requests is drained in one pass.
  for (;;) {
    const now = deps.now();
    const requests = await leasePasswordResetRequests(deps.db, { owner, now, until: new Date(now.getTime() + LEASE_MS), limit: batch });
    for (const request of requests) if (await queueResetLink(deps, request, owner, now)) queued++;
    if (requests.length < batch) return { queued };
  }
}

/** Queues the link a leased request asks for, in the transaction that deletes the request; answers whether a mail was queued. */
async function queueResetLink(deps: QueueDeps, request: PasswordResetRequest, owner: string, now: Date): Promise<boolean> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await deleteLeasedPasswordResetRequest(trx, request.id, owner))) return false;
    const operator = await findPersonByEmail(trx, request.email);
    if (!operator) return false;
    const token = newSecretToken();
    // The configured public URL, never the request's Host: a forged Host cannot redirect the link.
    const resetUrl = `${deps.env.publicUrl}/reset-password?token=${token}`;
    await insertResetToken(trx, {
      accountId: operator.id,
      tokenHash: hashSecretToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
      createdAt: now,
    });
    const locale = isLocale(request.locale) ? request.locale : 'en';
    const mail = passwordResetEmail(locale, { username: operator.username, resetUrl });
    await enqueueEmail(trx, { kind: 'password-reset', to: operator.email, ...mail }, now);
    return true;
  });
}
