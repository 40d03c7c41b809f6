import type { PaymentMethod, PaymentPolicy } from '../../domain/payment-policy';
import { saveClinicPolicy } from '../../db/repositories/payment-policies';
import { insertConnectedAccount, saveAccountState } from '../../db/repositories/stripe-accounts';
import type { StripeBilling } from '../billing/billing';
import { type BookableScreener, insertBookableScreener } from './booking-requests';
import type { StripeTestApp } from './stripe-test-app';

/** A deposit of RM 50.00 that a late cancel or a no-show keeps. */
export const DEPOSIT_KEPT_LATE: PaymentPolicy = { mode: 'deposit', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } };

/**
 * A clinic whose Stripe account finished onboarding with these methods and which asks payment at
 * booking by `policy`; its psychologist's price is RM 120.50 an hour (the fixtures'), and the
 * clinic confirms bookings itself unless `clinic` says otherwise.
 */
export async function insertPaidClinic(
  t: StripeTestApp,
  policy: PaymentPolicy,
  options: { clinic?: Parameters<typeof insertBookableScreener>[2]; psychologist?: Parameters<typeof insertBookableScreener>[1]; methods?: PaymentMethod[] } = {},
): Promise<BookableScreener & { accountId: string }> {
  const { db, dialect } = t.services;
  const screener = await insertBookableScreener(db, options.psychologist, { confirmVisitorEmail: false, autoConfirmRequests: false, ...options.clinic });
  const methods = options.methods ?? ['card', 'fpx', 'grabpay'];
  const account = await (t.services.billing as StripeBilling).stripe.accounts.create({ type: 'standard', country: 'MY' });
  t.stripe.completeOnboarding(account.id, methods);
  const now = new Date();
  await insertConnectedAccount(db, dialect, { userId: screener.userId, stripeAccountId: account.id, now });
  await saveAccountState(db, account.id, { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, paymentMethods: methods, saidAt: now, now });
  await saveClinicPolicy(db, dialect, screener.userId, policy, now);
  return { ...screener, accountId: account.id };
}
