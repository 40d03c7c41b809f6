import type { BrowserContext, Page } from 'playwright-core';
import type { FakeStripe } from '../../server/testing/fake-stripe';
import { FAKE_REDIRECT_ORIGIN } from '../../server/testing/fake-stripe-payment-intents';

/** What the fake recorded, read back from the page as `window.fakeStripe`. */
export interface FakeStripeJsRecord {
  publishableKey?: string;
  clientSecret?: string;
  confirmations: { return_url: string }[];
  /** Set by the test: what the next confirmPayment does (without the fake API; with it, the API decides). */
  outcome: 'decline' | 'succeed';
}

/**
 * Runs in the page as https://js.stripe.com/…/stripe.js (the machine is offline): just enough
 * of Stripe.js for @stripe/react-stripe-js to mount a Payment Element and for the page to
 * confirm a payment.
 *
 * Alone, its element is a card form and confirmPayment declines or redirects to the return URL
 * as the test chooses. With the fake API (`api`), it does what Stripe.js does with a
 * PaymentIntent: the element offers the intent's payment_method_types (card, FPX, GrabPay),
 * confirmPayment confirms through https://api.stripe.com (routed to the fake) with the chosen
 * method and the card number typed (Stripe's declined test card declines), follows FPX's and
 * GrabPay's redirect, and returns to the return URL with payment_intent and redirect_status.
 */
function fakeStripeJs(api: boolean) {
  const record: FakeStripeJsRecord = { confirmations: [], outcome: 'decline' };
  const page = window as unknown as { fakeStripe: FakeStripeJsRecord; Stripe: unknown };
  page.fakeStripe = record;
  const unused = () => Promise.reject(new Error('not part of the fake'));
  const labels: Record<string, string> = { card: 'Card', fpx: 'FPX', grabpay: 'GrabPay' };
  const intentPath = (clientSecret: string) => `https://api.stripe.com/v1/payment_intents/${clientSecret.split('_secret_')[0]}`;
  let root: HTMLElement | undefined;

  const chosen = () => ({
    type: root?.querySelector<HTMLInputElement>('input[name="fake-method"]:checked')?.value ?? 'card',
    number: root?.querySelector<HTMLInputElement>('input[name="fake-card"]')?.value ?? '',
  });
  const render = (types: string[]) => {
    if (!root) return;
    const methods = types
      .map((type, index) => `<label><input type="radio" name="fake-method" value="${type}"${index === 0 ? ' checked' : ''}> ${labels[type] ?? type}</label>`)
      .join(' ');
    root.innerHTML = `<fieldset><legend>Payment method</legend>${methods}</fieldset><label>Card number <input name="fake-card" value="4242 4242 4242 4242"></label>`;
  };
  const retrieve = async (clientSecret: string) => {
    const response = await fetch(`${intentPath(clientSecret)}?client_secret=${encodeURIComponent(clientSecret)}&key=${record.publishableKey}`);
    return (await response.json()) as { id: string; status: string; payment_method_types: string[] };
  };

  const confirmWithApi = async (returnUrl: string, redirect: string | undefined) => {
    const { type, number } = chosen();
    const body = new URLSearchParams({ client_secret: record.clientSecret!, 'payment_method_data[type]': type, return_url: returnUrl, key: record.publishableKey! });
    if (type === 'card') body.set('payment_method_data[card][number]', number);
    const response = await fetch(`${intentPath(record.clientSecret!)}/confirm`, { method: 'POST', body });
    const answer = (await response.json()) as {
      error?: { type: string; code?: string; message: string };
      id?: string;
      status?: string;
      next_action?: { redirect_to_url: { url: string } };
    };
    if (answer.error) return { error: answer.error };
    if (answer.next_action) {
      window.location.assign(answer.next_action.redirect_to_url.url);
      return new Promise(() => undefined);
    }
    if (redirect === 'if_required') return { paymentIntent: answer };
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', answer.id!);
    back.searchParams.set('payment_intent_client_secret', record.clientSecret!);
    back.searchParams.set('redirect_status', 'succeeded');
    window.location.assign(back.toString());
    return new Promise(() => undefined);
  };

  page.Stripe = (publishableKey: string) => {
    record.publishableKey = publishableKey;
    return {
      createToken: unused,
      createPaymentMethod: unused,
      confirmCardPayment: unused,
      retrievePaymentIntent: async (clientSecret: string) => ({ paymentIntent: await retrieve(clientSecret) }),
      elements: (options: { clientSecret: string }) => {
        record.clientSecret = options.clientSecret;
        return {
          update: () => undefined,
          create: () => {
            const element = {
              mount: (node: HTMLElement) => {
                root = node;
                if (!api) return render(['card']);
                void retrieve(options.clientSecret).then((intent) => render(intent.payment_method_types));
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
      confirmPayment: async ({ confirmParams, redirect }: { confirmParams: { return_url: string }; redirect?: string }) => {
        record.confirmations.push(confirmParams);
        if (api) return confirmWithApi(confirmParams.return_url, redirect);
        // Long enough for the page to show its pending state.
        await new Promise((resolve) => setTimeout(resolve, 400));
        if (record.outcome === 'decline') return { error: { type: 'card_error', message: 'Your card was declined.' } };
        window.location.assign(confirmParams.return_url);
        return new Promise(() => undefined);
      },
    };
  };
}

export const FAKE_STRIPE_JS = `(${fakeStripeJs.toString()})(false);`;

/**
 * Stripe in the page (or in every page of a context, pop-ups too), against the fake API:
 * Stripe.js, its API calls and the bank's or wallet's redirect page all answered by the fake, so
 * nothing leaves the machine.
 */
export async function routeStripeToFake(target: Page | BrowserContext, fake: FakeStripe): Promise<void> {
  await target.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: `(${fakeStripeJs.toString()})(true);` }));
  for (const origin of ['https://api.stripe.com', FAKE_REDIRECT_ORIGIN]) {
    await target.route(`${origin}/**`, async (route) => {
      const request = route.request();
      const response = await route.fetch({ url: request.url().replace(origin, fake.url), maxRedirects: 0 });
      await route.fulfill({ response });
    });
  }
}
