import type { Psychologist } from '../../domain/psychologist';
import { calendarDateIn } from '../../domain/calendar-days';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { listExceptions, listWeeklyRanges } from '../../db/repositories/weekly-schedules';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { refuseOutsideProfile } from '../members/profile-scope';
import type { ScheduleResponse } from './schedule.types';

export type ScheduleContext = Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>;

/** The operator's psychologist whose schedule is asked for; 404 for another's, or a colleague's for a psychologist member. */
export async function schedulablePsychologist(ctx: ScheduleContext, psychologistId: string): Promise<Psychologist> {
  refuseOutsideProfile(ctx.member, psychologistId, 'psychologist');
  const psychologist = await findPsychologistOf(ctx.db, ctx.admin.id, psychologistId);
  if (!psychologist) throw new NotFoundError('psychologist');
  return psychologist;
}

/** The weekly hours, the exceptions from the psychologist's today on, and the rules they are cut with. */
export async function readSchedule(ctx: Pick<ScheduleContext, 'db' | 'now'>, psychologist: Psychologist): Promise<ScheduleResponse> {
  const today = calendarDateIn(ctx.now(), psychologist.timezone);
  return {
    psychologistId: psychologist.id,
    ranges: await listWeeklyRanges(ctx.db, psychologist.id),
    exceptions: await listExceptions(ctx.db, psychologist.id, today),
    slotDurationMinutes: psychologist.slotDurationMinutes,
    bufferMinutes: psychologist.bufferMinutes,
    minimumAdvanceHours: psychologist.minimumAdvanceHours,
    timezone: psychologist.timezone,
  };
}

/** GET /api/psychologists/{id}/schedule */
export async function getSchedule(ctx: ScheduleContext, input: { psychologistId: string }): Promise<ScheduleResponse> {
  return readSchedule(ctx, await schedulablePsychologist(ctx, input.psychologistId));
}
