import type { DialectName } from '../../db/connect';
import { closeAlongside } from './close-alongside';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from './fake-stripe';
import { startTestApp, type TestApp } from './test-app';

export type StripeTestApp = TestApp & { stripe: FakeStripe };

/** The app in Stripe mode, its Stripe calls going to a fresh local fake; `close` stops both. */
export async function startStripeTestApp(dialect: DialectName, env: NodeJS.ProcessEnv = {}): Promise<StripeTestApp> {
  const stripe = await startFakeStripe();
  return closeAlongside({ ...(await startTestApp(dialect, { env: { ...fakeStripeEnv(stripe), ...env } })), stripe }, stripe);
}
