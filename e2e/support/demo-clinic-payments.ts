import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import { saveClinicPolicy } from '../../db/repositories/payment-policies';
import { insertConnectedAccount, saveAccountState } from '../../db/repositories/stripe-accounts';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { PaymentMethod, PaymentPolicy } from '../../domain/payment-policy';
import type { FakeStripe } from '../../server/testing/fake-stripe';
import { demoAisyah } from './admin';

/**
 * The demo clinic's Stripe account, created at the fake, finished onboarding with these methods,
 * and the clinic asks `policy` at booking: written straight to the built server's database, as
 * the onboarding's own journey (payments-admin.e2e.ts) leaves it. Answers Dr. Aisyah's rows.
 */
export async function connectDemoClinic(
  { db, dialect }: { db: Kysely<Database>; dialect: DialectName },
  stripeApi: FakeStripe,
  policy: PaymentPolicy,
  methods: PaymentMethod[] = ['card', 'fpx', 'grabpay'],
): Promise<{ id: string; user_id: string }> {
  const aisyah = await demoAisyah(db);
  const api = new URL(stripeApi.url);
  const stripe = new Stripe('sk_test_fake', { host: api.hostname, port: Number(api.port), protocol: 'http' });
  const account = await stripe.accounts.create({ type: 'standard', country: 'MY' });
  stripeApi.completeOnboarding(account.id, methods);
  const now = new Date();
  await insertConnectedAccount(db, dialect, { userId: aisyah.user_id, stripeAccountId: account.id, now });
  await saveAccountState(db, account.id, { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, paymentMethods: methods, saidAt: now, now });
  await saveClinicPolicy(db, dialect, aisyah.user_id, policy, now);
  return aisyah;
}
