import type { Kysely } from 'kysely';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { asDate } from '../dates';
import type { Database } from '../schema';

/** A paid payment with its appointment's status and start, for the clinic's monthly figures. */
export interface PaidPaymentFact {
  amountSen: number;
  refundedSen: number;
  paidAt: Date;
  appointmentStatus: AppointmentStatus;
  startUtc: Date;
}

/**
 * The clinic's paid payments since `since` (by when they were paid, or their session's start).
 * A payment outlives an appointment deleted with its slot or psychologist (decision 0062): it
 * counts as cancelled by the clinic, at when it was paid.
 */
export async function paidPaymentsSince(db: Kysely<Database>, userId: string, since: Date): Promise<PaidPaymentFact[]> {
  const rows = await db
    .selectFrom('appointment_payments as p')
    .leftJoin('appointments as a', 'a.id', 'p.appointment_id')
    .leftJoin('availability_slots as s', 's.id', 'a.slot_id')
    .select(['p.amount_sen', 'p.refunded_sen', 'p.paid_at', 'a.status', 's.start_utc'])
    .where('p.user_id', '=', userId)
    .where('p.status', '=', 'succeeded')
    .where((eb) => eb.or([eb('p.paid_at', '>=', since), eb('s.start_utc', '>=', since)]))
    .execute();
  return rows.map((row) => {
    // A succeeded payment has its paid_at; its session's start is the fallback the column's nullability asks for.
    const paidAt = asDate((row.paid_at ?? row.start_utc)!);
    return {
      amountSen: Number(row.amount_sen),
      refundedSen: Number(row.refunded_sen),
      paidAt,
      appointmentStatus: (row.status ?? 'cancelled') as AppointmentStatus,
      startUtc: row.start_utc === null ? paidAt : asDate(row.start_utc),
    };
  });
}

/** When each of the clinic's refunds since `since` was made, and how much. */
export async function refundsSince(db: Kysely<Database>, userId: string, since: Date): Promise<{ amountSen: number; at: Date }[]> {
  const rows = await db
    .selectFrom('payment_refunds')
    .select(['amount_sen', 'updated_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'succeeded')
    .where('updated_at', '>=', since)
    .execute();
  return rows.map((row) => ({ amountSen: Number(row.amount_sen), at: asDate(row.updated_at) }));
}

/** The start of each of the clinic's completed sessions since `since`. */
export async function completedSessionsSince(db: Kysely<Database>, userId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .select('s.start_utc')
    .where('a.user_id', '=', userId)
    .where('a.status', '=', 'completed')
    .where('s.start_utc', '>=', since)
    .execute();
  return rows.map((row) => asDate(row.start_utc));
}
