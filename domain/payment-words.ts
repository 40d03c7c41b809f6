import type { TranslationFunctions } from '../i18n/i18n-types';
import type { PaymentMethod, PaymentStatus, PolicySummary } from './payment-policy';
import { senToPrice } from './psychologist';

/** A booking's payment as the visitor is told of it, on their manage page and in their mails (issue 28). */
export interface VisitorPayment {
  amountSen: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  refundedSen: number;
  /** Null when a cancel is not possible now, or nothing was paid. */
  refundIfCancelledNowSen: number | null;
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

/** What was paid and how; what has come back; what a cancel would give back now (null where none is possible). */
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
  const refundNow = payment.refundIfCancelledNowSen;
  return {
    paid,
    refunded: payment.refundedSen > 0 ? texts.refunded({ amount: ringgit(payment.refundedSen) }) : null,
    ifCancelledNow: refundNow === null ? null : refundNow > 0 ? texts.refundIfCancelledNow({ amount: ringgit(refundNow) }) : texts.nothingBackIfCancelledNow(),
  };
}
