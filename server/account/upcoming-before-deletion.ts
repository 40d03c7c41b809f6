import { z } from 'zod';
import { upcomingBookingsOf } from '../../db/repositories/appointments';
import { inTransaction } from '../../db/transaction';
import { SLOT_HOLDING_STATUSES } from '../../domain/appointment-status';
import type { OperatorContext } from '../context';

/**
 * What deleting the clinic would cancel, for the owner to see first: when, with whom and how far
 * along, and nothing of the visitor (the owner only needs to know that someone is expecting it).
 */
export const ZUpcomingBeforeDeletion = z.object({
  upcoming: z.array(z.object({ startUtc: z.date(), endUtc: z.date(), psychologistName: z.string(), status: z.enum(SLOT_HOLDING_STATUSES) })),
});

/** GET /api/account/delete: the appointments still ahead, held, requested or confirmed, soonest first. */
export async function upcomingBeforeDeletion(ctx: Pick<OperatorContext, 'db' | 'now' | 'admin'>): Promise<z.output<typeof ZUpcomingBeforeDeletion>> {
  const upcoming = await inTransaction(ctx.db, (trx) => upcomingBookingsOf(trx, { userId: ctx.admin.id }, ctx.now()));
  return {
    upcoming: upcoming.map((appointment) => ({
      startUtc: appointment.startUtc,
      endUtc: appointment.endUtc,
      psychologistName: appointment.psychologist.name,
      status: appointment.status as (typeof SLOT_HOLDING_STATUSES)[number],
    })),
  };
}
