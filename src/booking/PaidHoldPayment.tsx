import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { type PaidHold, type PaymentState, useHoldStatus, useHoldStep, useOnSettled } from './paid-hold';
import { paymentReturnOf } from './payment-return';
import { type PaymentAttempt, PaymentStep, StripePayment } from './PaymentStep';

/** The attempt a redirect came back from, on this page load: Stripe's word on the redirect alone. */
function returnedAttempt(): PaymentAttempt | null {
  const returned = paymentReturnOf(new URL(window.location.href));
  if (!returned) return null;
  return returned.redirectStatus === 'failed' ? { outcome: 'returnedFailed' } : { outcome: 'paid' };
}

/** What a paid hold's step says while it loads, when it failed, and when the hold lapsed. */
export function PaymentStepNotices({ pending, error, expired }: { pending: boolean; error: unknown; expired: boolean }) {
  const { LL } = useI18nContext();
  return (
    <>
      {pending && <p role="status">{LL.booking.payment.preparing()}</p>}
      {error != null && (
        <p role="alert" className="alert alert-error">
          {messageOf(error, LL.booking.failed())}
        </p>
      )}
      {expired && (
        <p role="alert" className="alert alert-warning">
          {LL.booking.payment.expired()}
        </p>
      )}
    </>
  );
}

/**
 * A paid hold's payment step with Stripe's form (docs/decisions/0062), asked with the hold's
 * token: the same PaymentIntent each time, after a redirect or a reload too. The booking moves
 * only on Stripe's webhook, so after a payment (or a return from the bank or wallet) it asks
 * where the booking stands until it leaves the hold.
 */
export function PaidHoldPayment({ hold, onSettled }: { hold: PaidHold; onSettled: (state: PaymentState) => void }) {
  const [attempt, setAttempt] = useState<PaymentAttempt | null>(returnedAttempt);
  // The step once, then only where it stands.
  const state = useHoldStep(hold);
  const status = useHoldStatus(hold, attempt?.outcome === 'paid');
  const latest = status.data ?? state.data;
  useOnSettled(latest, onSettled);
  const step = latest?.status === 'expired' ? null : state.data?.payment;
  return (
    <>
      <PaymentStepNotices pending={state.isPending} error={state.error} expired={latest?.status === 'expired'} />
      {step && (
        <PaymentStep payment={step}>
          <StripePayment payment={step} attempt={attempt} onAttempt={setAttempt} />
        </PaymentStep>
      )}
    </>
  );
}
