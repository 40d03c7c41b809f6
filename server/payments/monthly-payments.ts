import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { z } from 'zod';
import { completedSessionsSince, paidPaymentsSince, refundsSince } from '../../db/repositories/payment-months';
import { listPsychologistsOf } from '../../db/repositories/psychologists';
import { clinicTimeZone } from '../../domain/csv';
import { keptWithoutSessionSen } from '../../domain/payment-policy';
import { PSYCHOLOGIST_DEFAULTS } from '../../domain/psychologist';
import type { OperatorContext } from '../context';

/** How many months the view shows, this one included. */
const MONTHS = 12;

export const ZPaymentMonths = z.object({
  /** The zone the months are counted in: the clinic's, as in the CSV export. */
  timeZone: z.string(),
  /** Newest first, every month shown even when nothing happened in it. */
  months: z.array(
    z.object({
      /** YYYY-MM. */
      month: z.string(),
      /** Sessions completed, by their start. */
      sessions: z.number().int(),
      /** Payments received, by when they were paid, and their sum. */
      payments: z.number().int(),
      paidSen: z.number().int(),
      /** Refunds made in the month. */
      refundedSen: z.number().int(),
      /** What late cancels and no-shows left the clinic, by the session's start. */
      keptSen: z.number().int(),
    }),
  ),
});
export type PaymentMonths = z.output<typeof ZPaymentMonths>;

/** The last months as YYYY-MM on the clinic's wall clock, newest first. */
function lastMonths(now: Date, timeZone: string): string[] {
  const [year, month] = formatInTimeZone(now, timeZone, 'yyyy-MM').split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * GET /api/payments/months: per month, the sessions held, the payments received, the refunds
 * made and the fees kept of late cancels and no-shows, for the owner and admins. Amounts only,
 * never who paid.
 */
export async function paymentMonths(ctx: Pick<OperatorContext, 'db' | 'now' | 'admin'>): Promise<PaymentMonths> {
  const userId = ctx.admin.id;
  const timeZone = clinicTimeZone((await listPsychologistsOf(ctx.db, userId)).map((psychologist) => psychologist.timezone), PSYCHOLOGIST_DEFAULTS.timezone);
  const keys = lastMonths(ctx.now(), timeZone);
  const since = fromZonedTime(`${keys.at(-1)}-01T00:00:00`, timeZone);
  const months = new Map(keys.map((month) => [month, { month, sessions: 0, payments: 0, paidSen: 0, refundedSen: 0, keptSen: 0 }]));
  const monthOf = (at: Date) => months.get(formatInTimeZone(at, timeZone, 'yyyy-MM'));
  for (const start of await completedSessionsSince(ctx.db, userId, since)) {
    const month = monthOf(start);
    if (month) month.sessions += 1;
  }
  for (const payment of await paidPaymentsSince(ctx.db, userId, since)) {
    const paidIn = monthOf(payment.paidAt);
    if (paidIn) {
      paidIn.payments += 1;
      paidIn.paidSen += payment.amountSen;
    }
    const sessionIn = monthOf(payment.startUtc);
    if (sessionIn) sessionIn.keptSen += keptWithoutSessionSen(payment.appointmentStatus, payment.amountSen, payment.refundedSen);
  }
  for (const refund of await refundsSince(ctx.db, userId, since)) {
    const month = monthOf(refund.at);
    if (month) month.refundedSen += refund.amountSen;
  }
  return { timeZone, months: [...months.values()] };
}
