import { insertExceptions, listExceptions } from '../../db/repositories/weekly-schedules';
import { readSchedule, schedulablePsychologist, type ScheduleContext } from './read-schedule';
import { malaysianPublicHolidays } from './malaysian-holidays';
import type { ApplyHolidaysRequest } from './schedule.types';

/**
 * POST /api/psychologists/{id}/schedule/holidays: a year of the state's public holidays added
 * as 'holiday' exceptions in one action. Dates already closed (a holiday or a day off) are
 * left as they are, so applying twice adds nothing.
 */
export async function applyHolidays(ctx: ScheduleContext, input: ApplyHolidaysRequest) {
  const psychologist = await schedulablePsychologist(ctx, input.psychologistId);
  const existing = await listExceptions(ctx.db, psychologist.id, `${input.year}-01-01`);
  const closed = new Set(existing.filter((exception) => exception.kind !== 'extra').map((exception) => exception.date));
  const added = malaysianPublicHolidays(input.state, input.year, input.language)
    .filter((holiday) => !closed.has(holiday.date))
    .map((holiday) => ({ date: holiday.date, kind: 'holiday' as const, startTime: null, endTime: null, label: holiday.name }));
  await insertExceptions(ctx.db, psychologist.id, added, ctx.now());
  return { added: added.length, schedule: await readSchedule(ctx, psychologist) };
}
