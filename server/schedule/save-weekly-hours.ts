import { inTransaction } from '../../db/transaction';
import { replaceWeeklyRanges, updateSessionRules } from '../../db/repositories/weekly-schedules';
import { readSchedule, schedulablePsychologist, type ScheduleContext } from './read-schedule';
import type { SaveWeeklyHoursRequest } from './schedule.types';

/**
 * PUT /api/psychologists/{id}/schedule: replaces the weekly hours and sets the session rules.
 * Visitors see the new free times on their next read; nothing is generated, and booked
 * appointments stay where they are, whatever the new hours.
 */
export async function saveWeeklyHours(ctx: ScheduleContext, input: SaveWeeklyHoursRequest) {
  const psychologist = await schedulablePsychologist(ctx, input.psychologistId);
  const { ranges, psychologistId, ...rules } = input;
  await inTransaction(ctx.db, async (trx) => {
    await replaceWeeklyRanges(trx, psychologistId, ranges);
    await updateSessionRules(trx, psychologistId, rules, ctx.now());
  });
  return readSchedule(ctx, { ...psychologist, ...rules });
}
