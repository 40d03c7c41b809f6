import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { savePsychologistPolicy } from '../../db/repositories/payment-policies';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { findConnectedAccount } from '../../db/repositories/stripe-accounts';
import { inTransaction } from '../../db/transaction';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { entityId } from '../zod-fields';
import { policyDetail, ZPaymentPolicy } from './set-payment-policy';

/** A psychologist's own payment policy, or null: they follow the clinic's. */
export const ZPsychologistPolicyChoice = z.object({
  psychologistId: entityId('psychologist'),
  policy: ZPaymentPolicy.nullable(),
});
export type PsychologistPolicyChoice = z.output<typeof ZPsychologistPolicyChoice>;

/**
 * PUT /api/payments/psychologists/{psychologistId}/policy: one psychologist's policy replaces
 * the clinic's whole for their bookings from now on (decision 0061: no field-by-field merging);
 * null returns them to the clinic's. Taking money needs the account to take charges, as for
 * the clinic's own policy; following the clinic or taking nothing is always allowed. Audited
 * under the psychologist's id.
 */
export async function setPsychologistPolicy(
  ctx: Pick<OperatorContext, 'db' | 'dialect' | 'admin' | 'member' | 'now'>,
  choice: PsychologistPolicyChoice,
): Promise<PsychologistPolicyChoice> {
  const userId = ctx.admin.id;
  if (!(await findPsychologistOf(ctx.db, userId, choice.psychologistId))) throw new NotFoundError('psychologist');
  if (choice.policy !== null && choice.policy.mode !== 'off' && !(await findConnectedAccount(ctx.db, userId))?.chargesEnabled) {
    throw new AppError('CONFLICT', (t) => t.errors.payments.accountCannotCharge());
  }
  const now = ctx.now();
  const { policy } = choice;
  await inTransaction(ctx.db, async (trx) => {
    await savePsychologistPolicy(trx, ctx.dialect, { userId, psychologistId: choice.psychologistId, policy, now });
    const detail = policy === null ? 'follows the clinic' : policyDetail(policy);
    await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: 'payment-policy.changed', subjectId: choice.psychologistId, detail, at: now });
  });
  return choice;
}
