/** What the fake recorded, read back from the page as `window.fakeStripe`. */
export interface FakeStripeJsRecord {
  publishableKey?: string;
  clientSecret?: string;
  confirmations: { return_url: string }[];
  /** Set by the test: what the next confirmPayment does. */
  outcome: 'decline' | 'succeed';
}

/**
 * Runs in the page as https://js.stripe.com/…/stripe.js (the machine is offline): just enough
 * of Stripe.js for @stripe/react-stripe-js to mount a Payment Element and for the page to
 * confirm a payment, which declines or redirects to the return URL as the test chooses.
 */
function fakeStripeJs() {
  const record: FakeStripeJsRecord = { confirmations: [], outcome: 'decline' };
  const page = window as unknown as { fakeStripe: FakeStripeJsRecord; Stripe: unknown };
  page.fakeStripe = record;
  const unused = () => Promise.reject(new Error('not part of the fake'));
  page.Stripe = (publishableKey: string) => {
    record.publishableKey = publishableKey;
    return {
      createToken: unused,
      createPaymentMethod: unused,
      confirmCardPayment: unused,
      elements: (options: { clientSecret: string }) => {
        record.clientSecret = options.clientSecret;
        return {
          update: () => undefined,
          create: () => {
            const element = {
              mount: (node: HTMLElement) => {
                node.innerHTML = '<label>Card number <input name="fake-card" value="4242 4242 4242 4242" readonly></label>';
              },
              on: () => element,
              off: () => element,
              update: () => undefined,
              destroy: () => undefined,
            };
            return element;
          },
        };
      },
      confirmPayment: async ({ confirmParams }: { confirmParams: { return_url: string } }) => {
        record.confirmations.push(confirmParams);
        // Long enough for the page to show its pending state.
        await new Promise((resolve) => setTimeout(resolve, 400));
        if (record.outcome === 'decline') return { error: { type: 'card_error', message: 'Your card was declined.' } };
        window.location.assign(confirmParams.return_url);
        return new Promise(() => undefined);
      },
    };
  };
}

export const FAKE_STRIPE_JS = `(${fakeStripeJs.toString()})();`;
