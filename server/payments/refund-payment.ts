import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import Stripe from 'stripe';
import {
  type AppointmentPayment,
  committedRefundsSen,
  dropRefusedRefund,
  findPaidPaymentForUpdate,
  findRefundByCause,
  insertRefund,
  type PaymentRefund,
  settleRefund,
  staleRefunds,
} from '../../db/repositories/appointment-payments';
import { recordAudit } from '../../db/repositories/audit-log';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RefundReason } from '../../domain/payment-policy';
import { senToPrice } from '../../domain/psychologist';
import type { StripeApi } from '../billing/billing';
import { AppError } from '../errors';
import { queuePaymentWebhook } from '../webhooks/queue-webhook-events';

/** What the refund needs: the database, the clock, and Stripe's refunds. */
export interface RefundDeps {
  db: Kysely<Database>;
  now: () => Date;
  stripe: Pick<StripeApi, 'refunds'>;
}

export interface RefundRequest {
  userId: string;
  appointmentId: string;
  /** Whole sen, or everything left of the payment. */
  amountSen: number | 'rest';
  reason: RefundReason;
  /**
   * What causes it, unique per refund: a cancel's refund names the cancel (`cancel:<appointment>`),
   * so a second process or a retried event finds it instead of refunding again. Null for a refund
   * by hand: every one is its own.
   */
  causeKey: string | null;
  /** What staff wrote, for the audit log; never sent to Stripe or to the clinic's webhooks. */
  note: string | null;
  actor: 'clinic' | 'visitor' | 'system';
  accountId: string | null;
}

export type RefundOutcome = { refunded: false } | { refunded: true; refund: PaymentRefund };

/** The Idempotency-Key of a refund's Stripe call: the record's own id, so every retry of it asks for the same refund. */
export const refundIdempotencyKey = (refundId: string) => `minda-refund-${refundId}`;

/**
 * The one way money goes back (issue 28, docs/decisions/0061), exactly once with any number of
 * processes. First, in a transaction holding the payment's row, the refund is written down,
 * within what is left of the payment (refunds still waiting for Stripe count as taken), or found
 * again by its cause. Then, with no transaction open, Stripe is asked under an Idempotency-Key
 * drawn from the record, so a retry, a second process or Stripe's own network retries get the
 * same refund. Last, the record is settled once: only the call that moves it from pending adds
 * the amount to the payment, queues `payment.refunded` and writes the audit entry.
 *
 * Nothing to refund (no paid payment, or nothing left of it for `rest`) is `{ refunded: false }`.
 */
export async function refundPayment(deps: RefundDeps, request: RefundRequest): Promise<RefundOutcome> {
  const asked = await writeDown(deps, request).catch((error: unknown) => {
    // Defensive: the payment's row lock orders two first refunds of one cause, but should both
    // insert, the loser finds the winner's record on a second look.
    if (isUniqueViolation(error) && request.causeKey !== null) return writeDown(deps, request);
    throw error;
  });
  if (asked === null) {
    if (request.reason === 'by_hand') throw new AppError('CONFLICT', (t) => t.errors.payments.noPayment());
    return { refunded: false };
  }
  return { refunded: true, refund: await finish(deps, asked) };
}

/**
 * Takes a refund written down to its end: a settled one is done; a pending one is asked of
 * Stripe and settled. A record found again (`earlier`) is an attempt that stopped part-way,
 * perhaps after Stripe made the refund: Stripe is asked first whether it holds a refund of this
 * record (by `metadata.refundId`), because Stripe forgets an Idempotency-Key after 24 hours while
 * it retries an event for 3 days, and a new call then would refund twice or, refused, make us
 * forget a refund that was made.
 */
async function finish(deps: RefundDeps, { payment, refund, earlier }: WrittenDown): Promise<PaymentRefund> {
  // A failed one stays failed: the clinic refunds again by hand, seeing why (decision 0061).
  if (refund.status !== 'pending') return refund;
  const stripeRefundId = (earlier ? await madeBefore(deps, payment, refund) : undefined) ?? (await askStripe(deps, payment, refund));
  return settle(deps, payment, refund, stripeRefundId);
}

/** Stripe's id of the refund an earlier attempt made for this record, if it made one. */
async function madeBefore(deps: RefundDeps, payment: AppointmentPayment, refund: PaymentRefund): Promise<string | undefined> {
  try {
    // A payment has a handful of refunds at most: one page (up to 100) holds them all.
    const made = await deps.stripe.refunds.list({ payment_intent: payment.paymentIntentId, limit: 100 }, { stripeAccount: payment.stripeAccountId });
    return made.data.find((candidate) => candidate.metadata?.refundId === refund.id)?.id;
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.payments.refundPending(), { cause: error });
  }
}

/** A refund written down, and whether an earlier attempt wrote it. */
interface WrittenDown {
  payment: AppointmentPayment;
  refund: PaymentRefund;
  earlier: boolean;
}

/** The refund written down (or found again by its cause) within what is left of the payment; null when there is nothing to refund. */
function writeDown(deps: RefundDeps, request: RefundRequest): Promise<WrittenDown | null> {
  return inTransaction(deps.db, (trx) => writeDownRefund(trx, request, deps.now()));
}

/** The refund of a payment that came for a booking that no longer stands: one per appointment, whichever delivery asks. */
export const unbookedCause = (appointmentId: string) => `paid-unbooked:${appointmentId}`;

/** The refund of all that is left of a payment whose booking no longer stands (slot gone, clinic gone). */
export const unbookedRefund = (payment: AppointmentPayment, reason: RefundReason): RefundRequest => ({
  userId: payment.userId,
  appointmentId: payment.appointmentId,
  amountSen: 'rest',
  reason,
  causeKey: unbookedCause(payment.appointmentId),
  note: null,
  actor: 'system',
  accountId: null,
});

/**
 * The first step of a refund, inside the caller's transaction: a caller that decides on a refund
 * together with other writes (a payment for a booking gone) writes it down with them, so that
 * a stop before Stripe is asked leaves it for `resumeRefund`.
 */
export async function writeDownRefund(trx: Transaction<Database>, request: RefundRequest, now: Date): Promise<WrittenDown | null> {
  const payment = await findPaidPaymentForUpdate(trx, request.userId, request.appointmentId);
  if (!payment) return null;
  const earlier = request.causeKey === null ? undefined : await findRefundByCause(trx, request.causeKey);
  if (earlier) return { payment, refund: earlier, earlier: true };
  const left = payment.amountSen - (await committedRefundsSen(trx, payment.id));
  if (request.amountSen === 'rest' && left <= 0) return null;
  const amountSen = request.amountSen === 'rest' ? left : request.amountSen;
  if (amountSen > left) throw new AppError('CONFLICT', (t) => t.errors.payments.refundTooLarge({ refundable: senToPrice(Math.max(0, left)) }));
  const refund = await insertRefund(trx, {
    paymentId: payment.id,
    userId: request.userId,
    causeKey: request.causeKey ?? `by-hand:${randomUUID()}`,
    amountSen,
    reason: request.reason,
    note: request.note,
    actor: request.actor,
    accountId: request.accountId,
    now,
  });
  return { payment, refund, earlier: false };
}

/** Finishes the refund of this cause if one was written down and not yet settled; asks for none. */
export async function resumeRefund(deps: RefundDeps, cause: { userId: string; appointmentId: string; causeKey: string }): Promise<RefundOutcome> {
  const found = await inTransaction(deps.db, async (trx) => {
    const payment = await findPaidPaymentForUpdate(trx, cause.userId, cause.appointmentId);
    const refund = payment && (await findRefundByCause(trx, cause.causeKey));
    return payment && refund ? { payment, refund, earlier: true } : null;
  });
  return found ? { refunded: true, refund: await finish(deps, found) } : { refunded: false };
}

/** A live refund asks Stripe within seconds: one pending longer than this was left by a stop or a lost answer. */
export const STALE_REFUND_MINUTES = 10;
/** Refunds finished per sweep: a few at most in normal running; the rest wait for the next. */
const SWEEP_BATCH = 50;

/**
 * Finishes refunds left pending: by a process that stopped between writing one down and settling
 * it, or a lost answer that no Connect event settled, for a cause nobody retries (a visitor's
 * cancel is not made twice). Each goes through resumeRefund, which first asks Stripe whether it
 * made the refund, so none is made twice. One Stripe cannot be asked now stays for the next
 * sweep; one Stripe refuses is forgotten, its amount refundable again (askStripe). Any number of
 * processes may sweep at once: the Idempotency-Key and the settle's guarded update decide.
 * Answers how many were settled.
 */
export async function resumeStaleRefunds(deps: RefundDeps & { log: Pick<FastifyBaseLogger, 'warn'> }): Promise<number> {
  const stale = await staleRefunds(deps.db, new Date(deps.now().getTime() - STALE_REFUND_MINUTES * 60_000), SWEEP_BATCH);
  let settled = 0;
  for (const cause of stale) {
    try {
      if ((await resumeRefund(deps, cause)).refunded) settled += 1;
    } catch (error) {
      deps.log.warn({ err: error, appointmentId: cause.appointmentId }, 'a pending refund could not be finished; the next sweep tries again');
    }
  }
  return settled;
}

/** Stripe's refund on the clinic's account; a refusal forgets the record, a lost answer keeps it for a retry. */
async function askStripe(deps: RefundDeps, payment: AppointmentPayment, refund: PaymentRefund): Promise<string> {
  try {
    const made = await deps.stripe.refunds.create(
      { payment_intent: payment.paymentIntentId, amount: refund.amountSen, reason: 'requested_by_customer', metadata: { refundId: refund.id } },
      { stripeAccount: payment.stripeAccountId, idempotencyKey: refundIdempotencyKey(refund.id) },
    );
    return made.id;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await dropRefusedRefund(deps.db, refund.id);
      throw new AppError('CONFLICT', (t) => t.errors.payments.refundRefused(), { cause: error });
    }
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.payments.refundPending(), { cause: error });
  }
}

/**
 * Marks the refund made, once: whichever caller comes first adds the amount, another changes
 * nothing. Called also for the refund's Connect event (refund-webhook.ts), should our own call's
 * answer be lost.
 */
export async function settle(deps: Pick<RefundDeps, 'db' | 'now'>, payment: AppointmentPayment, refund: PaymentRefund, stripeRefundId: string): Promise<PaymentRefund> {
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const refundedSen = await settleRefund(trx, { id: refund.id, stripeRefundId, now });
    if (refundedSen === null) return;
    await queuePaymentWebhook(trx, {
      userId: payment.userId,
      type: 'payment.refunded',
      payment: { ...payment, refundedSen },
      refund: { id: refund.id, amountSen: refund.amountSen, reason: refund.reason },
      now,
    });
    await recordAudit(trx, {
      userId: payment.userId,
      actor: refund.actor,
      ...(refund.accountId !== null && { accountId: refund.accountId }),
      action: 'payment.refunded',
      subjectId: payment.appointmentId,
      detail: `RM${senToPrice(refund.amountSen)}${refund.note ? ` — ${refund.note}` : ''}`,
      at: now,
    });
  });
  return { ...refund, status: 'succeeded', stripeRefundId };
}
