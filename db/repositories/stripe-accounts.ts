import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../connect';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-policy';
import { asDate } from '../dates';
import { lockedRows } from '../row-locks';
import type { Database } from '../schema';

/** The clinic's connected Stripe account as stored: its id and what Stripe last said of it, never a key. */
export interface ConnectedAccount {
  userId: string;
  stripeAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** The methods whose capability Stripe made active, in PAYMENT_METHODS' order. */
  paymentMethods: PaymentMethod[];
  /** When Stripe created the event (or we read the account) behind the flags; null before either. */
  statusEventAt: Date | null;
}

/** What Stripe says of an account: its flags and its active payment methods. */
export interface AccountState {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  paymentMethods: readonly PaymentMethod[];
}

const COLUMNS = ['user_id', 'stripe_account_id', 'charges_enabled', 'payouts_enabled', 'details_submitted', 'payment_methods', 'status_event_at'] as const;

const methodsOf = (column: string): PaymentMethod[] => PAYMENT_METHODS.filter((method) => column.split(',').includes(method));

function toConnectedAccount(row: {
  user_id: string;
  stripe_account_id: string;
  charges_enabled: number;
  payouts_enabled: number;
  details_submitted: number;
  payment_methods: string;
  status_event_at: Date | string | null;
}): ConnectedAccount {
  return {
    userId: row.user_id,
    stripeAccountId: row.stripe_account_id,
    chargesEnabled: Boolean(row.charges_enabled),
    payoutsEnabled: Boolean(row.payouts_enabled),
    detailsSubmitted: Boolean(row.details_submitted),
    paymentMethods: methodsOf(row.payment_methods),
    statusEventAt: row.status_event_at === null ? null : asDate(row.status_event_at),
  };
}

export async function findConnectedAccount(db: Kysely<Database>, userId: string): Promise<ConnectedAccount | undefined> {
  const row = await db.selectFrom('clinic_stripe_accounts').select(COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  return row && toConnectedAccount(row);
}

/** The clinic whose connected account this is, if any. */
export async function findConnectedAccountByStripeId(db: Kysely<Database>, stripeAccountId: string): Promise<ConnectedAccount | undefined> {
  const row = await db.selectFrom('clinic_stripe_accounts').select(COLUMNS).where('stripe_account_id', '=', stripeAccountId).executeTakeFirst();
  return row && toConnectedAccount(row);
}

/** Locked until the transaction ends, so concurrent events about one account apply in turn. */
export async function findConnectedAccountByStripeIdForUpdate(trx: Transaction<Database>, stripeAccountId: string): Promise<ConnectedAccount | undefined> {
  const row = await lockedRows(trx, trx.selectFrom('clinic_stripe_accounts').select(COLUMNS).where('stripe_account_id', '=', stripeAccountId)).executeTakeFirst();
  return row && toConnectedAccount(row);
}

/**
 * Remembers the clinic's new account; false when the clinic already has one (a second start at
 * the same moment), whose id the caller then reads.
 */
export async function insertConnectedAccount(
  db: Kysely<Database>,
  dialect: DialectName,
  account: { userId: string; stripeAccountId: string; now: Date },
): Promise<boolean> {
  const insert = db
    .insertInto('clinic_stripe_accounts')
    .values({ user_id: account.userId, stripe_account_id: account.stripeAccountId, created_at: account.now, updated_at: account.now });
  const result = await (dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.doNothing())).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Saves what Stripe said of the account at `saidAt`, unless a later word was saved already: a
 * repeated or out-of-order `account.updated` changes nothing. True when it saved.
 */
export async function saveAccountState(db: Kysely<Database>, stripeAccountId: string, state: AccountState & { saidAt: Date; now: Date }): Promise<boolean> {
  const result = await db
    .updateTable('clinic_stripe_accounts')
    .set({
      charges_enabled: state.chargesEnabled,
      payouts_enabled: state.payoutsEnabled,
      details_submitted: state.detailsSubmitted,
      payment_methods: PAYMENT_METHODS.filter((method) => state.paymentMethods.includes(method)).join(','),
      status_event_at: state.saidAt,
      updated_at: state.now,
    })
    .where('stripe_account_id', '=', stripeAccountId)
    .where((eb) => eb.or([eb('status_event_at', 'is', null), eb('status_event_at', '<', state.saidAt)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
