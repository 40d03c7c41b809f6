import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { findConnectedAccount, insertConnectedAccount } from '../../db/repositories/stripe-accounts';
import { inTransaction } from '../../db/transaction';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';

/**
 * POST /api/payments/onboarding: the address of a Stripe Account Link where the clinic fills in
 * its business for its own connected account (issue 28, docs/decisions/0061). In test mode (no
 * Stripe keys) there is nothing to connect, as the billing portal answers no address there.
 */
export const ZStartOnboardingResponse = z.discriminatedUnion('testMode', [
  z.object({ testMode: z.literal(false), url: z.url() }),
  z.object({ testMode: z.literal(true), url: z.null() }),
]);
export type StartOnboardingResponse = z.output<typeof ZStartOnboardingResponse>;

/** Where Stripe sends the clinic back: the admin's payments screen, told why. */
export const onboardingReturnUrl = (publicUrl: string, why: 'return' | 'refresh') => `${publicUrl}/admin/payments?stripe=${why}`;

/** One account a clinic, whatever number of clicks or processes: Stripe answers a repeated key with the same account. */
export const connectAccountIdempotencyKey = (userId: string) => `minda-connect-account-${userId}`;

/**
 * Creates the clinic's Standard account once (country MY, direct charges need a Malaysian
 * business for FPX) and stores only its id; a later call reuses it. An Account Link lasts a few
 * minutes and is made anew at each click. Stripe is called with no transaction open.
 */
export async function startOnboarding(ctx: Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'billing' | 'admin' | 'member' | 'now'>): Promise<StartOnboardingResponse> {
  if (ctx.billing.mode === 'test') return { testMode: true, url: null };
  const { stripe } = ctx.billing;
  const userId = ctx.admin.id;
  try {
    let stripeAccountId = (await findConnectedAccount(ctx.db, userId))?.stripeAccountId;
    if (!stripeAccountId) {
      const account = await stripe.accounts.create(
        { type: 'standard', country: 'MY', metadata: { userId } },
        { idempotencyKey: connectAccountIdempotencyKey(userId) },
      );
      const now = ctx.now();
      stripeAccountId = await inTransaction(ctx.db, async (trx) => {
        if (!(await insertConnectedAccount(trx, ctx.dialect, { userId, stripeAccountId: account.id, now }))) {
          // Another click stored one meanwhile (the same account, by the idempotency key): keep it.
          return (await findConnectedAccount(trx, userId))!.stripeAccountId;
        }
        await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: 'payments.account-connected', subjectId: account.id, at: now });
        return account.id;
      });
    }
    const link = await stripe.accountLinks.create({
      account: stripeAccountId,
      type: 'account_onboarding',
      refresh_url: onboardingReturnUrl(ctx.env.publicUrl, 'refresh'),
      return_url: onboardingReturnUrl(ctx.env.publicUrl, 'return'),
    });
    return { testMode: false, url: link.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.payments.onboardingUnavailable(), { cause: error });
  }
}
