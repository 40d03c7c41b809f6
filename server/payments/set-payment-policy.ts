import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { saveClinicPolicy } from '../../db/repositories/payment-policies';
import { findConnectedAccount } from '../../db/repositories/stripe-accounts';
import { inTransaction } from '../../db/transaction';
import { PAYMENT_MODES, type PaymentPolicy, policyProblems } from '../../domain/payment-policy';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';

/** An amount a clinic types (a fixed deposit, a refund): whole sen, up to RM 100,000, far above any session's price. */
export const MAX_AMOUNT_SEN = 10_000_000;

/** A whole number within bounds, refused in the caller's language. */
export const wholeNumber = (min: number, max: number) => {
  const error = fieldMessage('wholeNumberBetween', { min, max });
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const ZPercent = wholeNumber(1, 100);

const ZDeposit = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), sen: wholeNumber(1, MAX_AMOUNT_SEN) }),
  z.object({ kind: z.literal('percent'), percent: ZPercent }),
]);

const ZLateCancel = z.discriminatedUnion('keeps', [
  z.object({ keeps: z.literal('deposit') }),
  z.object({ keeps: z.literal('percent'), percent: ZPercent }),
  z.object({ keeps: z.literal('nothing') }),
]);

/**
 * A clinic's payment policy as it is read and saved (domain/payment-policy.ts): off, a deposit
 * (fixed sen or 1–100 %) or the full price, and what a late cancel or a no-show keeps. The
 * domain's own checks run too, so a deposit is required wherever the policy uses one. Whether a
 * fixed deposit exceeds a price is judged per session (the deposit is capped at the price), as
 * the clinic's psychologists have different prices.
 */
export const ZPaymentPolicy = z
  .object({
    mode: z.enum(PAYMENT_MODES, { error: fieldMessage('oneOf', { values: PAYMENT_MODES.join(', ') }) }),
    deposit: ZDeposit.nullable(),
    lateCancel: ZLateCancel,
  })
  .superRefine((policy: PaymentPolicy, check) => {
    if (policyProblems(policy, null).includes('depositRequired')) {
      check.addIssue({ code: 'custom', path: ['deposit'], message: fieldMessage('depositRequired') });
    }
  });

/** The audit entry's detail: the policy in a few words, never anyone's data. */
export function policyDetail(policy: PaymentPolicy): string {
  const deposit = policy.deposit === null ? 'none' : policy.deposit.kind === 'fixed' ? `${policy.deposit.sen} sen` : `${policy.deposit.percent}%`;
  const late = policy.lateCancel.keeps === 'percent' ? `${policy.lateCancel.percent}%` : policy.lateCancel.keeps;
  return `mode ${policy.mode}, deposit ${deposit}, late cancel keeps ${late}`;
}

/**
 * PUT /api/payments/policy: the clinic's payment policy, for bookings made from now on. Payment
 * at booking turns on only while Stripe says the clinic's account can take charges (409
 * otherwise); turning it off is always allowed.
 */
export async function setPaymentPolicy(
  ctx: Pick<OperatorContext, 'db' | 'dialect' | 'admin' | 'member' | 'now'>,
  policy: z.output<typeof ZPaymentPolicy>,
): Promise<PaymentPolicy> {
  const userId = ctx.admin.id;
  if (policy.mode !== 'off' && !(await findConnectedAccount(ctx.db, userId))?.chargesEnabled) {
    throw new AppError('CONFLICT', (t) => t.errors.payments.accountCannotCharge());
  }
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    await saveClinicPolicy(trx, ctx.dialect, userId, policy, now);
    await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: 'payment-policy.changed', subjectId: null, detail: policyDetail(policy), at: now });
  });
  return policy;
}
