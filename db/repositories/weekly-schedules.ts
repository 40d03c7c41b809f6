import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ExceptionKind, ScheduleException, WeeklyRange } from '../../domain/weekly-schedule';
import type { Database } from '../schema';

export interface StoredException extends ScheduleException {
  id: string;
  label: string;
}

/** The psychologist's weekly ranges, by weekday then start. */
export async function listWeeklyRanges(db: Kysely<Database>, psychologistId: string): Promise<WeeklyRange[]> {
  const rows = await db
    .selectFrom('weekly_hours')
    .select(['day_of_week', 'start_time', 'end_time'])
    .where('psychologist_id', '=', psychologistId)
    .orderBy('day_of_week')
    .orderBy('start_time')
    .execute();
  return rows.map((row) => ({ dayOfWeek: row.day_of_week, startTime: row.start_time, endTime: row.end_time }));
}

/** Replaces the psychologist's weekly ranges with these; call inside a transaction. */
export async function replaceWeeklyRanges(db: Kysely<Database>, psychologistId: string, ranges: readonly WeeklyRange[]): Promise<void> {
  await db.deleteFrom('weekly_hours').where('psychologist_id', '=', psychologistId).execute();
  if (ranges.length === 0) return;
  await db
    .insertInto('weekly_hours')
    .values(
      ranges.map((range) => ({
        id: randomUUID(),
        psychologist_id: psychologistId,
        day_of_week: range.dayOfWeek,
        start_time: range.startTime,
        end_time: range.endTime,
      })),
    )
    .execute();
}

/** The psychologist's exceptions dated from `fromDate` to `toDate` (YYYY-MM-DD, inclusive), in date order. */
export async function listExceptions(
  db: Kysely<Database>,
  psychologistId: string,
  fromDate = '0000-01-01',
  toDate = '9999-12-31',
): Promise<StoredException[]> {
  const rows = await db
    .selectFrom('schedule_exceptions')
    .select(['id', 'date', 'kind', 'start_time', 'end_time', 'label'])
    .where('psychologist_id', '=', psychologistId)
    .where('date', '>=', fromDate)
    .where('date', '<=', toDate)
    .orderBy('date')
    .orderBy('start_time')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    kind: row.kind as ExceptionKind,
    startTime: row.start_time,
    endTime: row.end_time,
    label: row.label,
  }));
}

export async function insertExceptions(
  db: Kysely<Database>,
  psychologistId: string,
  exceptions: readonly (ScheduleException & { label: string })[],
  now: Date,
): Promise<void> {
  if (exceptions.length === 0) return;
  await db
    .insertInto('schedule_exceptions')
    .values(
      exceptions.map((exception) => ({
        id: randomUUID(),
        psychologist_id: psychologistId,
        date: exception.date,
        kind: exception.kind,
        start_time: exception.startTime,
        end_time: exception.endTime,
        label: exception.label,
        created_at: now,
      })),
    )
    .execute();
}

/** Deletes one exception of the psychologist; whether there was one. */
export async function deleteException(db: Kysely<Database>, psychologistId: string, exceptionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('schedule_exceptions')
    .where('id', '=', exceptionId)
    .where('psychologist_id', '=', psychologistId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets the session length, buffer, minimum notice and timezone the weekly hours are cut with. */
export async function updateSessionRules(
  db: Kysely<Database>,
  psychologistId: string,
  rules: { slotDurationMinutes: number; bufferMinutes: number; minimumAdvanceHours: number; timezone: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('psychologists')
    .set({
      slot_duration_minutes: rules.slotDurationMinutes,
      buffer_minutes: rules.bufferMinutes,
      minimum_advance_hours: rules.minimumAdvanceHours,
      timezone: rules.timezone,
      updated_at: now,
    })
    .where('id', '=', psychologistId)
    .execute();
}
