import { z } from 'zod';
import { findClinicPaymentSettings, listPsychologistPolicies } from '../../db/repositories/payment-policies';
import { listPsychologistsOf } from '../../db/repositories/psychologists';
import { findConnectedAccount } from '../../db/repositories/stripe-accounts';
import { PAYMENT_METHODS } from '../../domain/payment-policy';
import type { OperatorContext } from '../context';
import { ZPaymentPolicy } from './set-payment-policy';

/**
 * GET /api/payments: whether the clinic connected its Stripe account, what Stripe last said of
 * it (`account.updated`), its payment policy and each psychologist's own. Never the account's keys: Minda has none.
 */
export const ZPaymentsState = z.object({
  testMode: z.boolean(),
  connected: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** The methods Stripe made active on the account, among card, FPX and GrabPay. */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** When Stripe last said so; null before its first word. */
  statusAt: z.date().nullable(),
  policy: ZPaymentPolicy,
  /** Each psychologist of the clinic, with their own policy, or null when they follow the clinic's. */
  psychologists: z.array(z.object({ id: z.string(), name: z.string(), policy: ZPaymentPolicy.nullable() })),
  /** Minda's fee on each payment in basis points: 0, set by Minda, not by the clinic. */
  platformFeeBasisPoints: z.number().int(),
});
export type PaymentsState = z.output<typeof ZPaymentsState>;

export async function getPayments(ctx: Pick<OperatorContext, 'db' | 'billing' | 'admin'>): Promise<PaymentsState> {
  const account = await findConnectedAccount(ctx.db, ctx.admin.id);
  const [{ policy, platformFeeBasisPoints }, psychologists, ownPolicies] = await Promise.all([
    findClinicPaymentSettings(ctx.db, ctx.admin.id),
    listPsychologistsOf(ctx.db, ctx.admin.id),
    listPsychologistPolicies(ctx.db, ctx.admin.id),
  ]);
  return {
    testMode: ctx.billing.mode === 'test',
    connected: account !== undefined,
    chargesEnabled: account?.chargesEnabled ?? false,
    payoutsEnabled: account?.payoutsEnabled ?? false,
    detailsSubmitted: account?.detailsSubmitted ?? false,
    paymentMethods: account?.paymentMethods ?? [],
    statusAt: account?.statusEventAt ?? null,
    policy,
    psychologists: psychologists.map(({ id, name }) => ({ id, name, policy: ownPolicies.get(id) ?? null })),
    platformFeeBasisPoints,
  };
}
