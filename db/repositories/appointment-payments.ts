import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PaymentMethod, PaymentStatus, RefundReason } from '../../domain/payment-policy';
import { asDate } from '../dates';
import { lockedRows } from '../row-locks';
import type { AppointmentPaymentsTable, Database, PaymentRefundsTable } from '../schema';

/** A payment for an appointment as stored. Money in whole sen. */
export interface AppointmentPayment {
  id: string;
  appointmentId: string;
  userId: string;
  stripeAccountId: string;
  paymentIntentId: string;
  amountSen: number;
  currency: string;
  status: PaymentStatus;
  method: PaymentMethod | null;
  receiptUrl: string | null;
  /** What Stripe refunded of it so far. */
  refundedSen: number;
  disputed: boolean;
  paidAt: Date | null;
  createdAt: Date;
}

const COLUMNS = [
  'id',
  'appointment_id',
  'user_id',
  'stripe_account_id',
  'payment_intent_id',
  'amount_sen',
  'currency',
  'status',
  'method',
  'receipt_url',
  'refunded_sen',
  'disputed',
  'paid_at',
  'created_at',
] as const;

function toPayment(row: Pick<Selectable<AppointmentPaymentsTable>, (typeof COLUMNS)[number]>): AppointmentPayment {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    userId: row.user_id,
    stripeAccountId: row.stripe_account_id,
    paymentIntentId: row.payment_intent_id,
    amountSen: Number(row.amount_sen),
    currency: row.currency,
    status: row.status as PaymentStatus,
    method: row.method as PaymentMethod | null,
    receiptUrl: row.receipt_url,
    refundedSen: Number(row.refunded_sen),
    disputed: Boolean(row.disputed),
    paidAt: row.paid_at === null ? null : asDate(row.paid_at),
    createdAt: asDate(row.created_at),
  };
}

/** Records a PaymentIntent just created for an appointment; its id is UNIQUE, so a second record of it fails. */
export async function insertAppointmentPayment(
  db: Kysely<Database>,
  payment: { appointmentId: string; userId: string; stripeAccountId: string; paymentIntentId: string; amountSen: number; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('appointment_payments')
    .values({
      id,
      appointment_id: payment.appointmentId,
      user_id: payment.userId,
      stripe_account_id: payment.stripeAccountId,
      payment_intent_id: payment.paymentIntentId,
      amount_sen: payment.amountSen,
      status: 'pending',
      created_at: payment.now,
      updated_at: payment.now,
    })
    .execute();
  return id;
}

/** The appointment's latest payment, if it has one. */
export async function findPaymentOfAppointment(db: Kysely<Database>, userId: string, appointmentId: string): Promise<AppointmentPayment | undefined> {
  const row = await db
    .selectFrom('appointment_payments')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('appointment_id', '=', appointmentId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return row && toPayment(row);
}

/** The appointment's paid payment, locked until the transaction ends: refunds of it are counted one at a time. */
export async function findPaidPaymentForUpdate(trx: Transaction<Database>, userId: string, appointmentId: string): Promise<AppointmentPayment | undefined> {
  const query = trx
    .selectFrom('appointment_payments')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('appointment_id', '=', appointmentId)
    .where('status', '=', 'succeeded');
  const row = await lockedRows(trx, query).executeTakeFirst();
  return row && toPayment(row);
}

/** The payment of a PaymentIntent, locked until the transaction ends, for the events about it. */
export async function findPaymentByIntentForUpdate(trx: Transaction<Database>, paymentIntentId: string): Promise<AppointmentPayment | undefined> {
  const row = await lockedRows(trx, trx.selectFrom('appointment_payments').select(COLUMNS).where('payment_intent_id', '=', paymentIntentId)).executeTakeFirst();
  return row && toPayment(row);
}

/** The latest payment of each of the clinic's appointments named, by appointment id. */
export async function listPaymentsOfAppointments(db: Kysely<Database>, userId: string, appointmentIds: readonly string[]): Promise<Map<string, AppointmentPayment>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('appointment_payments')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('appointment_id', 'in', appointmentIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.appointment_id, toPayment(row)]));
}

/**
 * Saves what a Stripe event at `eventAt` says of a payment, unless a later event was saved
 * already: a repeated or out-of-order event changes nothing. True when it saved.
 */
export async function savePaymentStatus(
  db: Kysely<Database>,
  paymentId: string,
  change: { status: PaymentStatus; method?: PaymentMethod | null; receiptUrl?: string | null; eventAt: Date; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('appointment_payments')
    .set({
      status: change.status,
      ...(change.method !== undefined && { method: change.method }),
      ...(change.receiptUrl !== undefined && { receipt_url: change.receiptUrl }),
      ...(change.status === 'succeeded' && { paid_at: change.eventAt }),
      status_event_at: change.eventAt,
      updated_at: change.now,
    })
    .where('id', '=', paymentId)
    .where((eb) => eb.or([eb('status_event_at', 'is', null), eb('status_event_at', '<', change.eventAt)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The clinic's PaymentIntents a visitor could still pay: made, not yet paid (a failed attempt leaves one open), not cancelled. */
export async function openPaymentsOf(db: Kysely<Database>, userId: string): Promise<AppointmentPayment[]> {
  const rows = await db.selectFrom('appointment_payments').select(COLUMNS).where('user_id', '=', userId).where('status', 'in', ['pending', 'failed']).orderBy('created_at').orderBy('id').execute();
  return rows.map(toPayment);
}

/** Flags the payment of a disputed charge; true the first time only. */
export async function flagDisputed(db: Kysely<Database>, paymentIntentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointment_payments')
    .set({ disputed: true, updated_at: now })
    .where('payment_intent_id', '=', paymentIntentId)
    .where('disputed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A refund as stored: asked for (`pending`, before Stripe answered) or made (`succeeded`, Stripe's id known). */
export interface PaymentRefund {
  id: string;
  paymentId: string;
  stripeRefundId: string | null;
  amountSen: number;
  reason: RefundReason;
  note: string | null;
  actor: string;
  accountId: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  createdAt: Date;
}

const REFUND_COLUMNS = ['id', 'payment_id', 'stripe_refund_id', 'amount_sen', 'reason', 'note', 'actor', 'account_id', 'status', 'created_at'] as const;

function toRefund(row: Pick<Selectable<PaymentRefundsTable>, (typeof REFUND_COLUMNS)[number]>): PaymentRefund {
  return {
    id: row.id,
    paymentId: row.payment_id,
    stripeRefundId: row.stripe_refund_id,
    amountSen: Number(row.amount_sen),
    reason: row.reason as RefundReason,
    note: row.note,
    actor: row.actor,
    accountId: row.account_id,
    status: row.status,
    createdAt: asDate(row.created_at),
  };
}

/** The refund asked for by this cause, if one was. */
export async function findRefundByCause(db: Kysely<Database>, causeKey: string): Promise<PaymentRefund | undefined> {
  const row = await db.selectFrom('payment_refunds').select(REFUND_COLUMNS).where('cause_key', '=', causeKey).executeTakeFirst();
  return row && toRefund(row);
}

export async function findRefund(db: Kysely<Database>, refundId: string): Promise<PaymentRefund | undefined> {
  const row = await db.selectFrom('payment_refunds').select(REFUND_COLUMNS).where('id', '=', refundId).executeTakeFirst();
  return row && toRefund(row);
}

/** What the payment's refunds take from it, those still waiting for Stripe's answer included, failed ones not. */
export async function committedRefundsSen(db: Kysely<Database>, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_sen'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Of those, what Stripe has not yet answered: written down, not yet made. */
export async function pendingRefundsSen(db: Kysely<Database>, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_sen'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Writes a refund before Stripe is called; its `causeKey` is UNIQUE, so a cause asks once. */
export async function insertRefund(
  db: Kysely<Database>,
  refund: { paymentId: string; userId: string; causeKey: string; amountSen: number; reason: RefundReason; note: string | null; actor: string; accountId: string | null; now: Date },
): Promise<PaymentRefund> {
  const id = randomUUID();
  const row = {
    id,
    payment_id: refund.paymentId,
    user_id: refund.userId,
    cause_key: refund.causeKey,
    stripe_refund_id: null,
    amount_sen: refund.amountSen,
    reason: refund.reason,
    note: refund.note,
    actor: refund.actor,
    account_id: refund.accountId,
    status: 'pending' as const,
    created_at: refund.now,
    updated_at: refund.now,
  };
  await db.insertInto('payment_refunds').values(row).execute();
  return toRefund(row);
}

/**
 * Marks the refund made with Stripe's id and adds it to its payment's refunded sum, once: only
 * the call that moves it from pending does either, whichever process or event gets there first.
 * Answers the payment's refunded sum after it, or null when the refund was settled before.
 */
export async function settleRefund(trx: Transaction<Database>, refund: { id: string; stripeRefundId: string; now: Date }): Promise<number | null> {
  const result = await trx
    .updateTable('payment_refunds')
    .set({ status: 'succeeded', stripe_refund_id: refund.stripeRefundId, updated_at: refund.now })
    .where('id', '=', refund.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const { payment_id, amount_sen } = await trx.selectFrom('payment_refunds').select(['payment_id', 'amount_sen']).where('id', '=', refund.id).executeTakeFirstOrThrow();
  await trx
    .updateTable('appointment_payments')
    .set((eb) => ({ refunded_sen: eb('refunded_sen', '+', Number(amount_sen)), updated_at: refund.now }))
    .where('id', '=', payment_id)
    .execute();
  const { refunded_sen } = await trx.selectFrom('appointment_payments').select('refunded_sen').where('id', '=', payment_id).executeTakeFirstOrThrow();
  return Number(refunded_sen);
}

/**
 * Marks a refund failed, once: Stripe reported it failed or cancelled after accepting it (an FPX
 * refund can fail days later). A settled one gives its amount back to the payment's refundable
 * rest. Answers whether this call marked it.
 */
export async function failRefund(trx: Transaction<Database>, refund: { id: string; now: Date }): Promise<boolean> {
  const before = await trx.selectFrom('payment_refunds').select(['status', 'payment_id', 'amount_sen']).where('id', '=', refund.id).executeTakeFirst();
  if (!before || before.status === 'failed') return false;
  const result = await trx
    .updateTable('payment_refunds')
    .set({ status: 'failed', updated_at: refund.now })
    .where('id', '=', refund.id)
    .where('status', '=', before.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (before.status === 'succeeded') {
    await trx
      .updateTable('appointment_payments')
      .set((eb) => ({ refunded_sen: eb('refunded_sen', '-', Number(before.amount_sen)), updated_at: refund.now }))
      .where('id', '=', before.payment_id)
      .execute();
  }
  return true;
}

/** Forgets a refund Stripe refused, so its amount may be asked again; never one Stripe made. */
export async function dropRefusedRefund(db: Kysely<Database>, refundId: string): Promise<void> {
  await db.deleteFrom('payment_refunds').where('id', '=', refundId).where('status', '=', 'pending').execute();
}

/** The payment's refunds, oldest first. */
export async function listRefunds(db: Kysely<Database>, paymentId: string): Promise<PaymentRefund[]> {
  const rows = await db.selectFrom('payment_refunds').select(REFUND_COLUMNS).where('payment_id', '=', paymentId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toRefund);
}

/** A pending refund, with what resumeRefund finds it by. */
export interface PendingRefundCause {
  userId: string;
  appointmentId: string;
  causeKey: string;
}

const pendingRefunds = (db: Kysely<Database>) =>
  db
    .selectFrom('payment_refunds')
    .innerJoin('appointment_payments', 'appointment_payments.id', 'payment_refunds.payment_id')
    .select(['payment_refunds.user_id as userId', 'appointment_payments.appointment_id as appointmentId', 'payment_refunds.cause_key as causeKey'])
    .where('payment_refunds.status', '=', 'pending')
    .orderBy('payment_refunds.updated_at');

/** Refunds still pending that were last touched before `before`, oldest first. */
export async function staleRefunds(db: Kysely<Database>, before: Date, limit: number): Promise<PendingRefundCause[]> {
  return pendingRefunds(db).where('payment_refunds.updated_at', '<', before).limit(limit).execute();
}

/** The clinic's refunds still pending, oldest first: a clinic's deletion waits until there are none. */
export async function pendingRefundsOf(db: Kysely<Database>, userId: string): Promise<PendingRefundCause[]> {
  return pendingRefunds(db).where('payment_refunds.user_id', '=', userId).execute();
}
