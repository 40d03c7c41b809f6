import type Stripe from 'stripe';
import { saveAccountState } from '../../db/repositories/stripe-accounts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-policy';
import type { RequestContext } from '../context';

/** The capability that turns each payment method on, as Stripe names it. */
const CAPABILITY_OF: Record<PaymentMethod, keyof Stripe.Account.Capabilities> = { card: 'card_payments', fpx: 'fpx_payments', grabpay: 'grabpay_payments' };

/**
 * `account.updated` on a clinic's connected account (issue 28): stores whether it can take
 * charges and pay out, whether its details are in, and its active methods. The conditional
 * save keeps the newest word (by the event's time), so a repeated or out-of-order delivery
 * changes nothing. True when it saved.
 */
export async function applyAccountEvent(deps: Pick<RequestContext, 'db' | 'now'>, event: Stripe.Event): Promise<boolean> {
  if (event.type !== 'account.updated' || !event.account) return false;
  const account = event.data.object;
  // Only the account the Connect event came from speaks for itself.
  if (account.id !== event.account) return false;
  return saveAccountState(deps.db, account.id, {
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    paymentMethods: PAYMENT_METHODS.filter((method) => account.capabilities?.[CAPABILITY_OF[method]] === 'active'),
    saidAt: new Date(event.created * 1000),
    now: deps.now(),
  });
}
