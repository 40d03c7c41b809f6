import { paymentWords, refundPolicyWords } from '../../domain/payment-words';
import { useI18nContext } from '../../i18n/i18n-react';
import type { RouterOutputs } from '../lib/trpc';

type OwnPayment = NonNullable<RouterOutputs['public']['ownAppointment']['view']['payment']>;

/**
 * What the visitor paid at booking (issue 28): the amount, how, what came back, Stripe's receipt,
 * the refund policy they booked on, and what cancelling now would give back, stated before the
 * cancel button.
 */
export function ManagePayment({ payment }: { payment: OwnPayment }) {
  const { LL } = useI18nContext();
  const texts = LL.booking.payment;
  const words = paymentWords(LL, payment);
  return (
    <section className="flex flex-col gap-1 rounded-box bg-base-200 p-3 text-sm" aria-labelledby="payment-title">
      <h2 id="payment-title" className="font-semibold">
        {texts.paidTitle()}
      </h2>
      <p>{words.paid}</p>
      {words.refunded && <p>{words.refunded}</p>}
      {words.refundPending && <p>{words.refundPending}</p>}
      {payment.receiptUrl && (
        <a className="link" href={payment.receiptUrl} target="_blank" rel="noreferrer">
          {texts.receipt()}
        </a>
      )}
      <h3 className="mt-2 font-semibold">{texts.refundTitle()}</h3>
      {refundPolicyWords(LL, payment.policy).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {words.ifCancelledNow && <p className="font-medium">{words.ifCancelledNow}</p>}
    </section>
  );
}
