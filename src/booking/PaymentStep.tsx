import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { PolicySummary } from '../../domain/payment-policy';
import { refundPolicyWords } from '../../domain/payment-words';
import { senToPrice } from '../../domain/psychologist';
import { useI18nContext } from '../../i18n/i18n-react';
import { BillingNotice } from '../billing/BillingNotice';
import { useStripeJs } from '../billing/useStripeJs';
import { HoldCountdown } from './HoldCountdown';
import { paymentReturnUrl } from './payment-return';

/** What the server answers for a booking that is paid at once: the amount is its own, never the page's. */
export interface BookingPayment {
  amountSen: number;
  /** A deposit, or the session's full price. */
  kind: 'deposit' | 'full';
  clientSecret: string;
  publishableKey: string;
  /** The clinic's connected account: the charge is made on it (direct charge). */
  stripeAccount: string;
  holdExpiresAt: Date;
  policy: PolicySummary;
}

/** The amount as the step writes it: RM with two decimals. */
export const paymentAmount = (payment: Pick<BookingPayment, 'amountSen'>) => `RM${senToPrice(payment.amountSen)}`;

/** How the last attempt ended, on this page: declined here, or refused at the bank or wallet after a redirect. */
export type PaymentAttempt = { outcome: 'declined'; reason: string | undefined } | { outcome: 'returnedFailed' } | { outcome: 'paid' };

function PayForm({ amount, onAttempt }: { amount: string; onAttempt: (attempt: PaymentAttempt) => void }) {
  const { LL } = useI18nContext();
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    // FPX and GrabPay leave for the bank or wallet and come back to this page, where the dialog
    // reopens from the tab's storage; a card stays here.
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: paymentReturnUrl(new URL(window.location.href)) }, redirect: 'if_required' });
    setPaying(false);
    onAttempt(result.error ? { outcome: 'declined', reason: result.error.message } : { outcome: 'paid' });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={LL.booking.payment.formLabel()}>
      <PaymentElement />
      <button type="submit" className="btn btn-primary" disabled={!stripe || !elements || paying}>
        {paying ? LL.booking.payment.paying() : LL.booking.payment.pay({ amount })}
      </button>
    </form>
  );
}

/**
 * The booking dialog's payment step: the amount, the time the hold has left, the refund policy
 * in the visitor's language, then the way to pay (`children`): Stripe's form here, or, inside
 * the embed, a button that opens it in a pop-up (docs/decisions/0062).
 */
export function PaymentStep({ payment, children }: { payment: BookingPayment; children: ReactNode }) {
  const { LL } = useI18nContext();
  const policyId = useId();
  const amount = paymentAmount(payment);
  return (
    <section className="flex flex-col gap-3" aria-label={LL.booking.payment.title()}>
      <p className="font-semibold">{payment.kind === 'deposit' ? LL.booking.payment.amountDeposit({ amount }) : LL.booking.payment.amountFull({ amount })}</p>
      <div>
        <p className="text-sm">{LL.booking.payment.holdNote()}</p>
        <HoldCountdown expiresAt={payment.holdExpiresAt} />
      </div>
      <section aria-labelledby={policyId} className="text-sm">
        <h3 id={policyId} className="font-semibold">
          {LL.booking.payment.refundTitle()}
        </h3>
        {refundPolicyWords(LL, payment.policy).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      {children}
    </section>
  );
}

/**
 * Stripe's Payment Element with the methods the clinic's account offers. A declined or abandoned
 * attempt leaves the form for another try, with another method if the visitor likes, while the
 * hold lasts; the booking itself moves only on Stripe's webhook.
 */
export function StripePayment({ payment, attempt, onAttempt }: { payment: BookingPayment; attempt: PaymentAttempt | null; onAttempt: (attempt: PaymentAttempt) => void }) {
  const { LL, locale } = useI18nContext();
  const stripeJs = useStripeJs(payment.publishableKey, payment.stripeAccount);
  if (attempt?.outcome === 'paid') return <BillingNotice tone="success">{LL.booking.payment.waiting()}</BillingNotice>;
  return (
    <>
      {attempt && (
        <p role="alert" className="alert alert-error">
          {attempt.outcome === 'declined' ? LL.booking.payment.failed({ reason: attempt.reason ?? LL.booking.payment.failedFallback() }) : LL.booking.payment.returnedFailed()}
        </p>
      )}
      {stripeJs.status === 'loading' && <BillingNotice tone="loading">{LL.booking.payment.preparing()}</BillingNotice>}
      {stripeJs.status === 'failed' && <BillingNotice tone="error">{LL.booking.payment.initFailed()}</BillingNotice>}
      {stripeJs.status === 'ready' && (
        <Elements stripe={stripeJs.stripe} options={{ clientSecret: payment.clientSecret, locale }}>
          <PayForm amount={paymentAmount(payment)} onAttempt={onAttempt} />
        </Elements>
      )}
    </>
  );
}
