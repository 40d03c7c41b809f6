import { z } from 'zod';
import { deleteFreeSlots } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { inTransaction } from '../../db/transaction';
import { localDaysBounds } from '../../domain/calendar-days';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { refuseOutsideProfile } from '../members/profile-scope';
import { entityId, ZCalendarDate } from '../zod-fields';

/** DELETE /api/psychologists/:id/slots?date=YYYY-MM-DD: the day is the psychologist's own, in their timezone. */
export const ZClearFreeSlotsRequest = z.object({
  psychologistId: entityId('psychologist'),
  date: ZCalendarDate,
});
export type ClearFreeSlotsRequest = z.output<typeof ZClearFreeSlotsRequest>;

export const ZClearFreeSlotsResponse = z.object({
  /** Free slots deleted; held, requested and confirmed ones stay. */
  count: z.number().int(),
});

/**
 * Deletes one day's free slots of the operator's psychologist, in one statement. Slots that have
 * begun stay: a past slot may carry a finished session's record, which goes with its slot.
 * The psychologist's row is held (as every change of their slots does, decision 0006), and
 * the statement skips booked slots, so a booking racing the clear keeps its slot.
 */
export async function clearFreeSlots(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>,
  input: ClearFreeSlotsRequest,
): Promise<z.output<typeof ZClearFreeSlotsResponse>> {
  refuseOutsideProfile(ctx.member, input.psychologistId, 'psychologist');
  const userId = ctx.admin.id;
  return inTransaction(ctx.db, async (trx) => {
    const psychologist = await findPsychologistOf(trx, userId, input.psychologistId, { lock: 'update' });
    if (!psychologist) throw new NotFoundError('psychologist');
    const day = localDaysBounds(input.date, psychologist.timezone);
    const now = ctx.now();
    const from = day.startUtc > now ? day.startUtc : now;
    if (from >= day.endUtc) return { count: 0 };
    return { count: await deleteFreeSlots(trx, psychologist.id, { from, to: day.endUtc }) };
  });
}
