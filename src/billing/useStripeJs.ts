import type { Stripe } from '@stripe/stripe-js';
// The pure entry adds Stripe's script only when loadStripe is called: test mode, and every
// other page, never contact Stripe.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';

export type StripeJs = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/**
 * Stripe.js for the server's publishable key, loaded from js.stripe.com as Stripe requires; for
 * a clinic's payment, on its connected account (direct charges, docs/decisions/0062).
 */
export function useStripeJs(publishableKey: string, stripeAccount?: string): StripeJs {
  const [state, setState] = useState<StripeJs>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadStripe(publishableKey, stripeAccount ? { stripeAccount } : undefined).then(
      (stripe) => current && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      (error: unknown) => {
        console.error('Stripe.js failed to load', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, stripeAccount]);
  return state;
}
