import { randomUUID } from 'node:crypto';
import { claimDueEmails, expireLapsedEmails, markEmailFailed, markEmailSent } from '../../db/repositories/email-outbox';
import { type Poller, startPolling } from '../background/poll';
import { retryDelayMs } from '../background/retry-delay';
import type { AppServices } from '../context';
import { LONGEST_ATTEMPT_MS } from './transport';

export type OutboxDeps = Pick<AppServices, 'db' | 'dialect' | 'log' | 'now' | 'mailTransport' | 'env'>;

/** Longer than any attempt can take (see the transport's timeouts), so leases never overlap. */
const LEASE_MS = 5 * 60_000;

/**
 * One pass of the outbox: leases the due mails, sends each outside any transaction, and
 * records the outcome. A failure schedules a retry; a mail is never dropped, except one whose
 * moment has passed (a reminder of a session that began), which is closed unsent.
 */
export async function deliverDueEmails(deps: OutboxDeps, limit = 10): Promise<{ sent: number; failed: number }> {
  const claimedAt = deps.now();
  await expireLapsedEmails(deps.db, claimedAt);
  const lockedUntil = new Date(claimedAt.getTime() + LEASE_MS);
  const claimed = await claimDueEmails(deps.db, deps.dialect, { owner: randomUUID(), now: claimedAt, lockedUntil, limit });
  const host = new URL(deps.env.publicUrl).hostname;
  const outcome = { sent: 0, failed: 0 };
  for (const email of claimed) {
    // Each attempt is short, but a slow server across a whole batch is not: once the lease
    // could end mid-attempt, the rest wait for it to lapse, so no other process sends them too.
    if (deps.now().getTime() + LONGEST_ATTEMPT_MS > lockedUntil.getTime()) break;
    let where: string;
    try {
      where = await deps.mailTransport.send({ ...email, messageId: `<${email.id}@${host}>`, from: deps.env.mailFrom });
    } catch (error) {
      const attempts = email.attempts + 1;
      const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(attempts));
      await markEmailFailed(deps.db, email.id, { error: String(error), nextAttemptAt });
      deps.log.warn({ err: error, emailId: email.id, kind: email.kind, attempts, nextAttemptAt }, 'e-mail not delivered; will retry');
      outcome.failed++;
      continue;
    }
    // Outside the try: a mail that went out must never be marked for another attempt.
    await markEmailSent(deps.db, email.id, deps.now());
    deps.log.info({ emailId: email.id, kind: email.kind, where }, 'e-mail delivered');
    outcome.sent++;
  }
  return outcome;
}

/** Delivers due mails every `intervalMs` until stopped. */
export function startOutboxWorker(deps: OutboxDeps, intervalMs = 2_000): Poller {
  return startPolling('e-mail outbox', () => deliverDueEmails(deps), intervalMs, deps.log);
}
