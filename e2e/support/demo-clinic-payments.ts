import type Stripe from 'stripe';
import { expect } from 'vitest';
import type { PaymentPolicy } from '../../domain/payment-policy';
import { STRIPE_WEBHOOK_PATH } from '../../server/billing/stripe-webhook-route';
import { type ConnectMethod, FAKE_STRIPE_CONNECT_WEBHOOK_SECRET, type FakeStripe } from '../../server/testing/fake-stripe';
import type { FakePaymentEvent } from '../../server/testing/fake-stripe-payment-intents';
import { connectEvent, signedDelivery } from '../../server/testing/stripe-events';
import { signIn } from './admin';
import type { E2eSession } from './session';

/**
 * Posts an event of a connected account to the running server's Stripe webhook, signed with the
 * fake Connect endpoint's secret: the fake Stripe records its events but has nowhere to send them.
 */
export async function deliverConnectEvent(session: Pick<E2eSession, 'page' | 'server'>, event: Stripe.Event | FakePaymentEvent): Promise<void> {
  const delivery = signedDelivery(event as Stripe.Event, FAKE_STRIPE_CONNECT_WEBHOOK_SECRET);
  const response = await session.page.request.post(`${session.server.url}${STRIPE_WEBHOOK_PATH}`, { headers: delivery.headers, data: delivery.payload });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * The demo clinic (signed in on the session's page) connects its Stripe account through the API,
 * Stripe approves it with these methods (a signed account.updated), and it asks `policy` at
 * booking. Against a fake Stripe started for the file, so this account is its only one.
 */
export async function connectDemoClinic(session: Pick<E2eSession, 'page' | 'server'>, stripeApi: FakeStripe, policy: PaymentPolicy, methods: ConnectMethod[] = ['card', 'fpx', 'grabpay']): Promise<void> {
  const { page, server } = session;
  const headers = { origin: server.url };
  await signIn(session);
  expect((await page.request.post(`${server.url}/api/payments/onboarding`, { headers })).ok()).toBe(true);
  const [accountId] = [...stripeApi.accounts.keys()];
  await deliverConnectEvent(session, connectEvent('account.updated', accountId!, stripeApi.completeOnboarding(accountId!, methods)));
  const saved = await page.request.put(`${server.url}/api/payments/policy`, { headers, data: policy });
  expect(saved.ok(), await saved.text()).toBe(true);
}
