import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, useState } from 'react';
import { useToast } from '../components/toast';
import { useI18nContext } from '../../i18n/i18n-react';
import { BillingNotice } from './BillingNotice';
import { useStripeJs } from './useStripeJs';

/** After paying, Stripe brings the operator back to admin setup. */
const returnUrl = () => `${window.location.origin}/admin-setup`;

function PaymentForm() {
  const { LL } = useI18nContext();
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const [processing, setProcessing] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    // Resolves only when the payment failed: on success Stripe redirects to the return URL.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl() } });
    toast({ title: LL.billing.paymentFailed(), description: error.message ?? LL.billing.paymentFailedFallback(), variant: 'error' });
    setProcessing(false);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={LL.billing.paymentLabel()}>
      <PaymentElement />
      <button type="submit" className="btn btn-primary" disabled={!stripe || !elements || processing}>
        {processing ? LL.billing.processing() : LL.billing.subscribe()}
      </button>
    </form>
  );
}

/** Stripe's Payment Element for the subscription's first invoice. */
export function StripeCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const { LL, locale } = useI18nContext();
  const stripeJs = useStripeJs(publishableKey);
  if (stripeJs.status === 'loading') return <BillingNotice tone="loading">{LL.billing.preparing()}</BillingNotice>;
  if (stripeJs.status === 'failed') return <BillingNotice tone="error">{LL.billing.initFailed()}</BillingNotice>;
  return (
    <Elements stripe={stripeJs.stripe} options={{ clientSecret, locale }}>
      <PaymentForm />
    </Elements>
  );
}
