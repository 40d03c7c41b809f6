import type { TranslationFunctions } from '../i18n/i18n-types';
import type { PaymentMethod, PaymentStatus, PolicySummary } from './payment-policy';
import { senToPrice } from './psychologist';

/** A booking's payment as the visitor is told of it, on their manage page and in their mails (issue 28). */
export interface VisitorPayment {
  amountSen: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  /** Refunded so far: made at Stripe. */
  refundedSen: number;
  /** Refunds asked that Stripe has not yet made. */
  refundPendingSen: number;
  /** Null when a cancel is not possible now, or nothing was paid. */
  refundIfCancelledNowSen: number | null;
  /** What the policy keeps if cancelled now: more than 0 only inside the notice; null as refundIfCancelledNowSen. */
  keptIfCancelledNowSen: number | null;
  policy: Pick<PolicySummary, 'fullRefundUntilHours' | 'lateCancelKeepsSen'>;
}

export const ringgit = (sen: number) => `RM${senToPrice(sen)}`;

/** The refund policy the visitor booked on, in words: before the notice, then after it. */
export function refundPolicyWords(LL: TranslationFunctions, policy: VisitorPayment['policy']): string[] {
  const texts = LL.booking.payment;
  return [
    texts.refundBefore({ hours: policy.fullRefundUntilHours }),
    policy.lateCancelKeepsSen > 0 ? texts.refundLateKeeps({ kept: ringgit(policy.lateCancelKeepsSen) }) : texts.refundLateNothing(),
  ];
}

/** What a cancel now gives back, and what the policy keeps of it inside the notice; null where no cancel is possible. */
function ifCancelledNowWords(LL: TranslationFunctions, payment: VisitorPayment): string | null {
  const texts = LL.booking.payment;
  const refundNow = payment.refundIfCancelledNowSen;
  if (refundNow === null) return null;
  const kept = payment.keptIfCancelledNowSen ?? 0;
  if (kept > 0) return refundNow > 0 ? texts.keptIfCancelledNow({ kept: ringgit(kept), amount: ringgit(refundNow) }) : texts.keptAllIfCancelledNow({ kept: ringgit(kept) });
  return refundNow > 0 ? texts.refundIfCancelledNow({ amount: ringgit(refundNow) }) : texts.nothingBackIfCancelledNow();
}

/** What was paid and how; what has come back and what is still on its way back; what a cancel would give back now (null where none is possible). */
export function paymentWords(LL: TranslationFunctions, payment: VisitorPayment) {
  const texts = LL.booking.payment;
  const amount = ringgit(payment.amountSen);
  const paid =
    payment.status === 'succeeded'
      ? payment.method
        ? texts.paid({ amount, method: texts.methodNames[payment.method]() })
        : amount
      : payment.status === 'pending'
        ? texts.paidPending({ amount })
        : texts.paidFailed({ amount });
  return {
    paid,
    refunded: payment.refundedSen > 0 ? texts.refunded({ amount: ringgit(payment.refundedSen) }) : null,
    refundPending: payment.refundPendingSen > 0 ? texts.refundPending({ amount: ringgit(payment.refundPendingSen) }) : null,
    ifCancelledNow: ifCancelledNowWords(LL, payment),
  };
}
