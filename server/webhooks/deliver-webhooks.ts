import type { LookupFunction } from 'node:net';
import { releaseLeases } from '../../db/leases';
import { markAfterSending, onceMoreIfBusy } from '../../db/transaction';
import { claimDueDeliveries, type ClaimedDelivery, markDeliveryDelivered, markDeliveryFailed } from '../../db/repositories/webhooks';
import { workLeasedBatches } from '../background/leased-batches';
import { type Poller, startPolling } from '../background/poll';
import { retryDelayMs } from '../background/retry-delay';
import type { AppServices } from '../context';
import { postWebhook } from './post-webhook';
import { SIGNATURE_HEADER, webhookSignature } from './webhook-signature';

export type WebhookDeps = Pick<AppServices, 'db' | 'dialect' | 'log' | 'now' | 'metrics' | 'env'> & {
  /** How receivers' names become addresses; the system resolver unless a test gives its own. */
  lookup?: LookupFunction;
};

/** A receiver that has not answered by then has failed this attempt. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * A delivery leased by a process that was killed is posted by another one after this long.
 * Longer than an attempt, so two workers never hold one delivery at once.
 */
export const WEBHOOK_LEASE_MS = 60_000;
/** Deliveries leased at a time; a pass leases batch after batch while they come back full. */
const BATCH = 10;
const MAX_BATCHES = 20;

/** Posts one delivery; the receiver's status, or the reason there was none. */
async function post(deps: WebhookDeps, delivery: ClaimedDelivery, at: Date) {
  try {
    const statusCode = await postWebhook({
      url: delivery.url,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Minda-Webhooks/1',
        'minda-event-id': delivery.eventId,
        [SIGNATURE_HEADER]: webhookSignature(delivery.secrets, delivery.payload, at),
      },
      body: delivery.payload,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      rules: { production: deps.env.nodeEnv === 'production', allowedNetworks: deps.env.webhookAllowedNetworks },
      lookup: deps.lookup,
    });
    const ok = statusCode >= 200 && statusCode < 300;
    return { statusCode, error: ok ? null : `HTTP ${statusCode}` };
  } catch (error) {
    return { statusCode: null, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * One pass of the webhook outbox: leases the due deliveries, posts each outside any
 * transaction, one at a time so a clinic receives its events in order, and records the outcome.
 * A 2xx delivers it; anything else is tried again later (retryDelayMs), until the clinic
 * removes the endpoint. A crash between a receiver's 2xx and the mark sends it again once the
 * lease lapses, so receivers de-duplicate by the event id.
 *
 * An event about an appointment is not leased while an earlier one about it (a lower revision)
 * waits for the same endpoint, whichever process holds that one (claimDueDeliveries,
 * docs/decisions/0057).
 */
export async function deliverDueWebhooks(deps: WebhookDeps, batchSize = BATCH, stopping?: AbortSignal): Promise<{ delivered: number; failed: number }> {
  const outcome = { delivered: 0, failed: 0 };
  const attempt = async (delivery: ClaimedDelivery) => {
    const { statusCode, error } = await post(deps, delivery, deps.now());
    if (error === null && statusCode !== null) {
      // Tried again while the mark loses to deadlocks (it races the other processes' leases), as
      // the outbox does: left unmarked, the event would be posted again when its lease lapses.
      await markAfterSending(() => markDeliveryDelivered(deps.db, delivery.id, { statusCode, now: deps.now() }));
      outcome.delivered++;
      return;
    }
    const attempts = delivery.attempts + 1;
    const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(attempts));
    // Once more if a deadlock chose it, as the mail outbox's failure mark: a failed mark ends the
    // pass (its unattempted deliveries go back at once, to wait for the next poll) and leaves this
    // delivery leased until its lease lapses.
    await onceMoreIfBusy(() => markDeliveryFailed(deps.db, delivery.id, { statusCode, error: error ?? 'no answer', nextAttemptAt }));
    // The address is the clinic's own setting, not a visitor's data; the body is never logged.
    deps.log.warn({ deliveryId: delivery.id, eventId: delivery.eventId, statusCode, attempts, nextAttemptAt }, 'webhook not delivered; will retry');
    deps.metrics.webhookFailures.inc();
    outcome.failed++;
  };
  // The mail outbox passes the same settings with its own values: the work is the one lease helper's.
  await workLeasedBatches(
    {
      now: () => deps.now(),
      leaseMs: WEBHOOK_LEASE_MS,
      longestAttemptMs: ATTEMPT_TIMEOUT_MS,
      batchSize,
      inFlight: 1,
      maxBatches: MAX_BATCHES,
      // A delivered event lets the same appointment's next one be leased, in the same pass.
      attemptsFreeRows: true,
      lease: (lease) => claimDueDeliveries(deps.db, deps.dialect, lease),
      attempt,
      release: (owner, ids) => releaseLeases(deps.db, 'webhook_deliveries', owner, ids),
    },
    stopping,
  );
  return outcome;
}

/** Delivers due webhooks every `intervalMs` until stopped. */
export function startWebhookWorker(deps: WebhookDeps, intervalMs = 2_000): Poller {
  return startPolling('webhooks', (stopping) => deliverDueWebhooks(deps, BATCH, stopping), intervalMs, deps.log);
}
