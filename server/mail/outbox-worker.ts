import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect';
import { releaseLeases } from '../../db/leases';
import { markAfterSending, onceMoreIfBusy } from '../../db/transaction';
import { claimDueEmails, type ClaimedEmail, expireLapsedEmails, markEmailFailed, markEmailSent } from '../../db/repositories/email-outbox';
import type { Database } from '../../db/schema';
import { workLeasedBatches } from '../background/leased-batches';
import { MORE_DUE, type Poller, startPolling } from '../background/poll';
import { retryDelayMs } from '../background/retry-delay';
import type { Env } from '../env';
import { LONGEST_ATTEMPT_MS, type MailTransport, senderOf, SMTP_CONNECTIONS } from './transport';

/** Its own type, not server/context.ts's: the services there are built from this room (decision 0046). */
export interface OutboxDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  log: FastifyBaseLogger;
  now: () => Date;
  mailTransport: MailTransport;
  env: Pick<Env, 'mailFrom' | 'publicUrl'>;
}

/**
 * A mail leased by a process that was killed goes out from another one after this long. Twice
 * the longest attempt: a pass has the first half of a batch's lease to start its attempts.
 */
export const OUTBOX_LEASE_MS = 2 * LONGEST_ATTEMPT_MS;
/** Mails leased at a time; a pass leases batch after batch while they come back full. */
const BATCH = 50;
/** 1,000 mails a pass at most: a pass ends while a backlog lasts, and the next starts at once. */
const MAX_BATCHES = 20;

/**
 * One pass of the outbox: leases the due mails, sends each outside any transaction (several at
 * once, over the transport's pooled connections), and records the outcome. A failure schedules
 * a retry; a mail is never dropped, except one whose moment has passed (a reminder of a session
 * that began), which is closed unsent. A process killed after the SMTP server took a mail and
 * before it was marked sent leaves it to be sent again once the lease lapses: the Message-ID
 * stays the same, so the receiving side can drop the copy.
 */
export async function deliverDueEmails(deps: OutboxDeps, batchSize = BATCH, stopping?: AbortSignal): Promise<{ sent: number; failed: number }> {
  // Once more if a deadlock chose it (it races the leases and marks): else the pass would fail.
  await onceMoreIfBusy(() => expireLapsedEmails(deps.db, deps.now()));
  const host = new URL(deps.env.publicUrl).hostname;
  const outcome = { sent: 0, failed: 0 };
  const attempt = async (email: ClaimedEmail) => {
    let where: string;
    try {
      where = await deps.mailTransport.send({ ...email, messageId: `<${email.id}@${host}>`, from: senderOf(deps.env.mailFrom, email.fromName) });
    } catch (error) {
      const attempts = email.attempts + 1;
      const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(attempts));
      await onceMoreIfBusy(() => markEmailFailed(deps.db, email.id, { error: String(error), nextAttemptAt }));
      deps.log.warn({ err: error, emailId: email.id, kind: email.kind, attempts, nextAttemptAt }, 'e-mail not delivered; will retry');
      outcome.failed++;
      return;
    }
    // Outside the try: a mail that went out must never be marked for another attempt. Each mark is
    // one statement committed on its own, never a batch's: a crash can leave at most the mails in
    // flight unmarked. It is tried again while it loses to deadlocks (it races the other
    // processes' leases): left unmarked, the mail would go out again when its lease lapses.
    await markAfterSending(() => markEmailSent(deps.db, email.id, deps.now()));
    deps.log.info({ emailId: email.id, kind: email.kind, where }, 'e-mail delivered');
    outcome.sent++;
  };
  await workLeasedBatches(
    {
      now: () => deps.now(),
      leaseMs: OUTBOX_LEASE_MS,
      longestAttemptMs: LONGEST_ATTEMPT_MS,
      batchSize,
      inFlight: SMTP_CONNECTIONS,
      maxBatches: MAX_BATCHES,
      lease: (lease) => claimDueEmails(deps.db, deps.dialect, lease),
      attempt,
      release: (owner, ids) => releaseLeases(deps.db, 'email_outbox', owner, ids),
    },
    stopping,
  );
  return outcome;
}

/** Delivers due mails every `intervalMs` (OUTBOX_INTERVAL_MS, 2 s unless set), at once again after a full pass, until stopped. */
export function startOutboxWorker(deps: OutboxDeps, intervalMs: number): Poller {
  return startPolling(
    'e-mail outbox',
    async (stopping) => {
      const { sent } = await deliverDueEmails(deps, BATCH, stopping);
      // A pass sends its bound only when every batch came back full and went: mails are left,
      // and pausing would let them wait while this process idles (issue 31). Failures pause
      // as before: an SMTP server that refuses is not asked again at once.
      return sent === BATCH * MAX_BATCHES ? MORE_DUE : undefined;
    },
    intervalMs,
    deps.log,
  );
}
