import type Stripe from 'stripe';
import { type AppointmentPayment, failRefund, findPaymentByIntentForUpdate, findRefund } from '../../db/repositories/appointment-payments';
import { recordAudit } from '../../db/repositories/audit-log';
import { inTransaction } from '../../db/transaction';
import type { RefundDeps } from './refund-payment';
import { settle } from './refund-payment';

/** Stripe's word on a refund's final status, under the older and the newer name (decision 0061). */
const REFUND_EVENTS: ReadonlySet<string> = new Set(['charge.refund.updated', 'refund.updated']);

/**
 * A refund of ours (it carries `metadata.refundId`) that Stripe says succeeded is settled
 * through the refund use case's one `settle`: the answer to our own call may have been lost, and
 * this settles it then. `settle` moves the record from pending once, so a repeated event, or one
 * after our call settled it, changes nothing. One Stripe reports failed or cancelled is marked
 * failed (markFailed). False when the event is not about one of our
 * refunds on that connected account.
 */
export async function applyRefundEvent(deps: Pick<RefundDeps, 'db' | 'now'>, event: Stripe.Event): Promise<boolean> {
  if (!REFUND_EVENTS.has(event.type) || !event.account) return false;
  const made = event.data.object as Stripe.Refund;
  const refundId = made.metadata?.refundId;
  const intentId = typeof made.payment_intent === 'string' ? made.payment_intent : made.payment_intent?.id;
  if (!refundId || !intentId) return false;
  const found = await inTransaction(deps.db, async (trx) => {
    const payment = await findPaymentByIntentForUpdate(trx, intentId);
    const refund = payment && (await findRefund(trx, refundId));
    // Another account's event never settles this clinic's refund.
    return payment && refund && payment.stripeAccountId === event.account && refund.paymentId === payment.id ? { payment, refund } : undefined;
  });
  if (!found) return false;
  if (made.status === 'succeeded' && found.refund.status === 'pending') await settle(deps, found.payment, found.refund, made.id);
  if (made.status === 'failed' || made.status === 'canceled') await markFailed(deps, found.payment, found.refund.id, made.failure_reason ?? made.status);
  return true;
}

/**
 * A refund Stripe accepted and then reported failed or cancelled: the money never reached the
 * visitor, so it stops counting as refunded (the rest is refundable again) and the audit log
 * tells the clinic, once, with Stripe's reason (a code such as `expired_or_canceled_card`,
 * nothing of the visitor).
 */
async function markFailed(deps: Pick<RefundDeps, 'db' | 'now'>, payment: AppointmentPayment, refundId: string, reason: string): Promise<void> {
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    if (!(await failRefund(trx, { id: refundId, now }))) return;
    await recordAudit(trx, { userId: payment.userId, actor: 'system', action: 'payment.refund-failed', subjectId: payment.appointmentId, detail: reason, at: now });
  });
}
