import type { DialectName } from '../../db/connect';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from './fake-stripe';
import { startTestApp, type TestApp } from './test-app';

export type StripeTestApp = TestApp & { stripe: FakeStripe };

/** The app in Stripe mode, its Stripe calls going to a fresh local fake; `close` stops both. */
export async function startStripeTestApp(dialect: DialectName, env: NodeJS.ProcessEnv = {}): Promise<StripeTestApp> {
  const stripe = await startFakeStripe();
  const t = await startTestApp(dialect, { env: { ...fakeStripeEnv(stripe), ...env } });
  return {
    ...t,
    stripe,
    close: async () => {
      await t.close();
      await stripe.stop();
    },
  };
}
