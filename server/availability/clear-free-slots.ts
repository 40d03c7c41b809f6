import { z } from 'zod';
import { deleteFreeSlots, lockSlotsOf } from '../../db/repositories/availability-slots';
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
 * The day's slots are locked first, so a booking of one of them in flight finishes before the
 * statement looks, and the statement skips booked slots: a booking racing the clear keeps its
 * slot. The psychologist's row is not taken: a clear only removes free slots, which neither a
 * generation's overlap check nor a move needs to see, and a booking of another day that holds it
 * shared by its insert's foreign key would otherwise deadlock with the clear (decision 0012).
 */
export async function clearFreeSlots(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>,
  input: ClearFreeSlotsRequest,
): Promise<z.output<typeof ZClearFreeSlotsResponse>> {
  refuseOutsideProfile(ctx.member, input.psychologistId, 'psychologist');
  const userId = ctx.admin.id;
  const psychologist = await findPsychologistOf(ctx.db, userId, input.psychologistId);
  if (!psychologist) throw new NotFoundError('psychologist');
  const day = localDaysBounds(input.date, psychologist.timezone);
  const now = ctx.now();
  const from = day.startUtc > now ? day.startUtc : now;
  if (from >= day.endUtc) return { count: 0 };
  const range = { from, to: day.endUtc };
  return inTransaction(ctx.db, async (trx) => {
    await lockSlotsOf(trx, psychologist.id, range);
    return { count: await deleteFreeSlots(trx, psychologist.id, range) };
  });
}
