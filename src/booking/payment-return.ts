/** The query Stripe adds to the return URL after a redirect method (FPX, GrabPay) or 3-D Secure. */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

export interface PaymentReturn {
  paymentIntentId: string;
  /** Stripe's word on the redirect alone: the booking moves only on its webhook (docs/decisions/0062). */
  redirectStatus: 'succeeded' | 'failed' | 'pending';
}

/** What Stripe said on coming back, if this page load is such a return. */
export function paymentReturnOf(url: URL): PaymentReturn | null {
  const paymentIntentId = url.searchParams.get('payment_intent');
  const status = url.searchParams.get('redirect_status');
  if (!paymentIntentId || !status) return null;
  return { paymentIntentId, redirectStatus: status === 'succeeded' || status === 'failed' ? status : 'pending' };
}

/**
 * Where Stripe brings the visitor back: this page as it is, less a previous return's query, so
 * a second attempt does not carry the first one's outcome (and the client secret does not stay
 * in the address bar or the history longer than needed).
 */
export function paymentReturnUrl(url: URL): string {
  const back = new URL(url);
  for (const name of STRIPE_RETURN_PARAMS) back.searchParams.delete(name);
  return back.toString();
}
