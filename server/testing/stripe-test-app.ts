import type { DialectName } from '../../db/connect';
import { smtpTransport } from '../mail/transport';
import { closeAlongside } from './close-alongside';
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from './fake-stripe';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';
import { startTestApp, type TestApp } from './test-app';

export type StripeTestApp = TestApp & { stripe: FakeStripe };
export type StripeSmtpTestApp = StripeTestApp & { smtp: SmtpCapture };

/** The app in Stripe mode, its Stripe calls going to a fresh local fake; `close` stops both. */
export async function startStripeTestApp(dialect: DialectName, env: NodeJS.ProcessEnv = {}): Promise<StripeTestApp> {
  const stripe = await startFakeStripe();
  return closeAlongside({ ...(await startTestApp(dialect, { env: { ...fakeStripeEnv(stripe), ...env } })), stripe }, stripe);
}

/** As startStripeTestApp, its mail sent over SMTP to a local capture the test reads (smtp-test-app.ts); `close` stops all three. */
export async function startStripeSmtpTestApp(dialect: DialectName): Promise<StripeSmtpTestApp> {
  const stripe = await startFakeStripe();
  const smtp = await startSmtpCapture();
  const t = await startTestApp(dialect, { env: fakeStripeEnv(stripe), mailTransport: smtpTransport(smtp.url) });
  return closeAlongside(closeAlongside({ ...t, stripe, smtp }, stripe), smtp);
}
