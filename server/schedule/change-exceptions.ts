import { deleteException, insertExceptions } from '../../db/repositories/weekly-schedules';
import { AppError } from '../errors';
import { readSchedule, schedulablePsychologist, type ScheduleContext } from './read-schedule';
import type { AddExceptionRequest } from './schedule.types';

/** POST /api/psychologists/{id}/schedule/exceptions: a day off, a holiday or extra hours on a date. */
export async function addException(ctx: ScheduleContext, input: AddExceptionRequest) {
  const psychologist = await schedulablePsychologist(ctx, input.psychologistId);
  const { psychologistId, ...exception } = input;
  await insertExceptions(ctx.db, psychologistId, [exception], ctx.now());
  return readSchedule(ctx, psychologist);
}

/** DELETE /api/psychologists/{id}/schedule/exceptions/{exceptionId} */
export async function removeException(ctx: ScheduleContext, input: { psychologistId: string; exceptionId: string }) {
  const psychologist = await schedulablePsychologist(ctx, input.psychologistId);
  if (!(await deleteException(ctx.db, psychologist.id, input.exceptionId))) {
    throw new AppError('NOT_FOUND', (t) => t.errors.notFound.scheduleException());
  }
  return readSchedule(ctx, psychologist);
}
