import type Stripe from 'stripe';
import { findPaymentByIntentForUpdate, flagDisputed } from '../../db/repositories/appointment-payments';
import { inTransaction } from '../../db/transaction';
import type { RequestContext } from '../context';

/**
 * A card payment disputed by its holder flags its appointment (issue 28), once: the flag's
 * guarded update answers true only the first time, whatever Stripe repeats. False when the
 * event is not about one of our payments on that connected account.
 */
export async function applyDisputeEvent(deps: Pick<RequestContext, 'db' | 'now'>, event: Stripe.Event): Promise<boolean> {
  if (event.type !== 'charge.dispute.created' || !event.account) return false;
  const dispute = event.data.object as Stripe.Dispute;
  const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return false;
  return inTransaction(deps.db, async (trx) => {
    const payment = await findPaymentByIntentForUpdate(trx, intentId);
    // Another account's event never flags this clinic's payment.
    if (payment?.stripeAccountId !== event.account) return false;
    await flagDisputed(trx, intentId, deps.now());
    return true;
  });
}
