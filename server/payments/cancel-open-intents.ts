import Stripe from 'stripe';
import { type AppointmentPayment, openPaymentsOf, savePaymentStatus } from '../../db/repositories/appointment-payments';
import { inTransaction } from '../../db/transaction';
import type { StripeApi } from '../billing/billing';
import type { RequestContext } from '../context';
import { resumeRefund, unbookedCause, unbookedRefund, writeDownRefund } from './refund-payment';

type CancelDeps = Pick<RequestContext, 'db' | 'now'> & { stripe: Pick<StripeApi, 'paymentIntents' | 'refunds'> };

/** Stripe's word when an intent is past cancelling: it carries the intent as it stands. */
const UNEXPECTED_STATE = 'payment_intent_unexpected_state';

/**
 * Before a clinic's rows go, each of its PaymentIntents a visitor could still pay is cancelled
 * on its connected account, so nobody pays for a clinic that is gone: its payments, which name
 * the account, go with it, and a later payment could be neither booked nor refunded. The
 * Idempotency-Key makes a retry ask nothing twice. One already cancelled, or unknown to Stripe,
 * has nothing left to pay. One paid meanwhile (its event not yet here) is recorded paid and
 * refunded in full, under the cause its late event would use (`paid-unbooked:<appointment>`), so
 * it is refunded once whichever comes first. Any other error is thrown: the caller keeps the
 * clinic, and its next attempt cancels the rest.
 */
export async function cancelOpenIntents(deps: CancelDeps, userId: string): Promise<void> {
  for (const payment of await openPaymentsOf(deps.db, userId)) {
    const status = await cancelAtStripe(deps, payment);
    const now = deps.now();
    if (status === 'canceled') {
      await savePaymentStatus(deps.db, payment.id, { status: 'canceled', eventAt: now, now });
      continue;
    }
    await inTransaction(deps.db, async (trx) => {
      await savePaymentStatus(trx, payment.id, { status: 'succeeded', eventAt: now, now });
      await writeDownRefund(trx, unbookedRefund(payment, 'clinic_cancelled'), now);
    });
    await resumeRefund(deps, { userId: payment.userId, appointmentId: payment.appointmentId, causeKey: unbookedCause(payment.appointmentId) });
  }
}

/**
 * Where the intent stands after the cancel: cancelled (or unknown to Stripe, so nothing to pay),
 * or paid. One Stripe is still processing cannot be cancelled yet: that is thrown, as an error.
 */
async function cancelAtStripe(deps: CancelDeps, payment: AppointmentPayment): Promise<'canceled' | 'succeeded'> {
  try {
    await deps.stripe.paymentIntents.cancel(
      payment.paymentIntentId,
      { cancellation_reason: 'abandoned' },
      { stripeAccount: payment.stripeAccountId, idempotencyKey: `minda-close-${payment.paymentIntentId}` },
    );
    return 'canceled';
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    if (error.code === 'resource_missing') return 'canceled';
    const status = error.code === UNEXPECTED_STATE ? error.payment_intent?.status : undefined;
    if (status === 'canceled') return 'canceled';
    if (status === 'succeeded') return 'succeeded';
    throw error;
  }
}
