import { z } from 'zod';
import { findPaymentOfAppointment, listRefunds } from '../../db/repositories/appointment-payments';
import { findAppointmentOf } from '../../db/repositories/appointments';
import { PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_REASONS } from '../../domain/payment-policy';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { entityId } from '../zod-fields';

export const ZAppointmentRef = z.object({ appointmentId: entityId('appointment') });

/**
 * An appointment's payment as the clinic sees it: paid (amount, method), what was refunded of
 * it and why, failed, disputed. Null when the appointment had nothing to pay. Staff's reasons
 * are shown to the owner and admins who may read the audit log anyway.
 */
export const ZAppointmentPaymentView = z.object({
  payment: z
    .object({
      amountSen: z.number().int(),
      currency: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS).nullable(),
      receiptUrl: z.string().nullable(),
      paidAt: z.date().nullable(),
      refundedSen: z.number().int(),
      /** What can still be refunded: refunds waiting for Stripe's answer count as taken. */
      refundableSen: z.number().int(),
      disputed: z.boolean(),
      refunds: z.array(
        z.object({
          amountSen: z.number().int(),
          reason: z.enum(REFUND_REASONS),
          note: z.string().nullable(),
          status: z.enum(['pending', 'succeeded', 'failed']),
          createdAt: z.date(),
        }),
      ),
    })
    .nullable(),
});
export type AppointmentPaymentView = z.output<typeof ZAppointmentPaymentView>;

/** Refuses an appointment that is not the clinic's as if it did not exist. */
export async function refuseUnknownAppointment(ctx: Pick<OperatorContext, 'db' | 'admin'>, appointmentId: string): Promise<void> {
  if (!(await findAppointmentOf(ctx.db, ctx.admin.id, appointmentId))) throw new NotFoundError('appointment');
}

/** GET /api/appointments/{appointmentId}/payment. */
export async function appointmentPayment(ctx: Pick<OperatorContext, 'db' | 'admin'>, { appointmentId }: z.output<typeof ZAppointmentRef>): Promise<AppointmentPaymentView> {
  await refuseUnknownAppointment(ctx, appointmentId);
  const payment = await findPaymentOfAppointment(ctx.db, ctx.admin.id, appointmentId);
  if (!payment) return { payment: null };
  const refunds = await listRefunds(ctx.db, payment.id);
  const committed = refunds.reduce((sum, refund) => sum + refund.amountSen, 0);
  return {
    payment: {
      amountSen: payment.amountSen,
      currency: payment.currency,
      status: payment.status,
      method: payment.method,
      receiptUrl: payment.receiptUrl,
      paidAt: payment.paidAt,
      refundedSen: payment.refundedSen,
      refundableSen: payment.status === 'succeeded' ? Math.max(0, payment.amountSen - committed) : 0,
      disputed: payment.disputed,
      refunds: refunds.map(({ amountSen, reason, note, status, createdAt }) => ({ amountSen, reason, note, status, createdAt })),
    },
  };
}
