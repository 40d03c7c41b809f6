import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect';
import { releaseLeases } from '../../db/leases';
import { releaseEmailsNow } from '../../db/repositories/email-outbox';
import {
  claimDueWhatsapp,
  type ClaimedWhatsapp,
  expireLapsedWhatsapp,
  forgetFallback,
  markWhatsappFailed,
  markWhatsappRetry,
  markWhatsappSent,
} from '../../db/repositories/whatsapp-outbox';
import type { Database } from '../../db/schema';
import { inTransaction, markAfterSending, onceMoreIfBusy } from '../../db/transaction';
import { workLeasedBatches } from '../background/leased-batches';
import { type Poller, startPolling } from '../background/poll';
import { retryDelayMs } from '../background/retry-delay';
import { type CloudApi, SEND_TIMEOUT_MS } from './cloud-api';

export interface WhatsappOutboxDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  log: FastifyBaseLogger;
  now: () => Date;
  whatsapp: CloudApi;
}

/** The longest one send may take: the client's requests are cut off then, within the lease. */
const LONGEST_ATTEMPT_MS = SEND_TIMEOUT_MS;
const LEASE_MS = 2 * LONGEST_ATTEMPT_MS;
const BATCH = 50;
const MAX_BATCHES = 20;
/** Meta's throughput is 80 messages a second per number by default; a few at once stay far below it. */
const IN_FLIGHT = 4;

/**
 * One pass of the WhatsApp outbox, as the e-mail outbox's (server/mail/outbox-worker.ts): the
 * messages whose moment passed are closed and their standby e-mails released; then the due
 * messages are leased and each sent once, outside any transaction. (A standby e-mail is due
 * DELIVERY_DEADLINE_MINUTES after it was queued anyway, unless a "delivered" status withdraws it.) A rate limit or a Meta failure keeps
 * a message for another attempt; any other refusal closes it and releases its e-mail at once.
 * Logs carry the message's id and kind, never its number or text.
 */
export async function deliverDueWhatsapp(deps: WhatsappOutboxDeps, stopping?: AbortSignal): Promise<{ sent: number; failed: number }> {
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => releaseEmailsNow(trx, await expireLapsedWhatsapp(trx, now), now));
  const outcome = { sent: 0, failed: 0 };
  const attempt = async (message: ClaimedWhatsapp) => {
    const result = await deps.whatsapp.send(message);
    if ('sent' in result) {
      await markAfterSending(() => markWhatsappSent(deps.db, message.id, { waMessageId: result.sent, now: deps.now() }));
      deps.log.info({ whatsappId: message.id, kind: message.kind, waMessageId: result.sent }, 'WhatsApp message sent');
      outcome.sent++;
      return;
    }
    outcome.failed++;
    if ('retry' in result) {
      const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(message.attempts + 1));
      await onceMoreIfBusy(() => markWhatsappRetry(deps.db, message.id, { error: result.retry, nextAttemptAt }));
      deps.log.warn({ whatsappId: message.id, kind: message.kind, error: result.retry, nextAttemptAt }, 'WhatsApp message not sent; will retry');
      return;
    }
    await inTransaction(deps.db, async (trx) => {
      const closed = await markWhatsappFailed(trx, message.id, { error: result.failed, now: deps.now() });
      if (closed && message.fallbackEmailId) {
        await releaseEmailsNow(trx, [message.fallbackEmailId], deps.now());
        await forgetFallback(trx, [message.id]);
      }
    });
    deps.log.warn({ whatsappId: message.id, kind: message.kind, error: result.failed }, 'WhatsApp message refused; its e-mail goes instead');
  };
  await workLeasedBatches(
    {
      now: deps.now,
      leaseMs: LEASE_MS,
      longestAttemptMs: LONGEST_ATTEMPT_MS,
      batchSize: BATCH,
      inFlight: IN_FLIGHT,
      maxBatches: MAX_BATCHES,
      lease: (lease) => claimDueWhatsapp(deps.db, deps.dialect, lease),
      attempt,
      release: (owner, ids) => releaseLeases(deps.db, 'whatsapp_outbox', owner, ids),
    },
    stopping,
  );
  return outcome;
}

/** Sends due messages every `intervalMs` until stopped. */
export function startWhatsappWorker(deps: WhatsappOutboxDeps, intervalMs = 2_000): Poller {
  return startPolling('WhatsApp outbox', (stopping) => deliverDueWhatsapp(deps, stopping), intervalMs, deps.log);
}
