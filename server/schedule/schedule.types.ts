import { z } from 'zod';
import { BUFFER_MINUTES, MINIMUM_ADVANCE_HOURS, PSYCHOLOGIST_TIMEZONES, SLOT_DURATION_MINUTES } from '../../domain/psychologist';
import { EXCEPTION_KINDS, firstOverlappingRange, MAX_RANGES_PER_DAY } from '../../domain/weekly-schedule';
import { MALAYSIAN_STATES } from '../../domain/malaysian-states';
import { fieldMessage } from '../field-messages';
import { numberIn } from '../psychologists/psychologist';
import { entityId, fieldsAreValid, oneOf, ZCalendarDate } from '../zod-fields';

const ZClockTime = z.iso.time({ precision: -1, error: fieldMessage('time') });
const weekdayMessage = fieldMessage('weekdays');


const ZWeeklyRange = z
  .object({
    dayOfWeek: z.number({ error: weekdayMessage }).int(weekdayMessage).min(0, weekdayMessage).max(6, weekdayMessage),
    startTime: ZClockTime,
    endTime: ZClockTime,
  })
  // Zero-padded HH:mm compares correctly as text.
  .refine((range) => range.endTime > range.startTime, { path: ['endTime'], message: fieldMessage('afterStartTime'), when: fieldsAreValid });

/**
 * PUT /api/psychologists/{id}/schedule: the weekly hours, set once, and the rules they are cut
 * with (session length, buffer, minimum notice, timezone: the psychologist's own fields).
 */
export const ZSaveWeeklyHoursRequest = z
  .object({
    psychologistId: entityId('psychologist'),
    ranges: z.array(ZWeeklyRange).max(7 * MAX_RANGES_PER_DAY, fieldMessage('atMostRangesPerDay', { max: MAX_RANGES_PER_DAY })),
    slotDurationMinutes: numberIn(SLOT_DURATION_MINUTES),
    bufferMinutes: numberIn(BUFFER_MINUTES),
    minimumAdvanceHours: numberIn(MINIMUM_ADVANCE_HOURS),
    timezone: z.enum(PSYCHOLOGIST_TIMEZONES, { error: oneOf(PSYCHOLOGIST_TIMEZONES) }),
  })
  .superRefine((input, ctx) => {
    const overlapping = firstOverlappingRange(input.ranges);
    if (overlapping >= 0) ctx.addIssue({ code: 'custom', path: ['ranges', overlapping, 'startTime'], message: fieldMessage('rangesOverlap') });
    for (let day = 0; day < 7; day++) {
      if (input.ranges.filter((range) => range.dayOfWeek === day).length > MAX_RANGES_PER_DAY) {
        ctx.addIssue({ code: 'custom', path: ['ranges'], message: fieldMessage('atMostRangesPerDay', { max: MAX_RANGES_PER_DAY }) });
        return;
      }
    }
  });
export type SaveWeeklyHoursRequest = z.output<typeof ZSaveWeeklyHoursRequest>;

export const ZPsychologistScheduleRequest = z.object({ psychologistId: entityId('psychologist') });

/** POST /api/psychologists/{id}/schedule/exceptions: a day off, a holiday, or extra hours on a date. */
export const ZAddExceptionRequest = z
  .object({
    psychologistId: entityId('psychologist'),
    date: ZCalendarDate,
    kind: z.enum(EXCEPTION_KINDS, { error: oneOf(EXCEPTION_KINDS) }),
    startTime: ZClockTime.nullish().transform((value) => value ?? null),
    endTime: ZClockTime.nullish().transform((value) => value ?? null),
    label: z.string().trim().max(200, fieldMessage('atMostCharacters', { max: 200 })).default(''),
  })
  .refine((input) => (input.kind === 'extra') === (input.startTime !== null && input.endTime !== null) && (input.kind === 'extra' || input.startTime === null), {
    path: ['startTime'],
    message: fieldMessage('exceptionHours'),
    when: fieldsAreValid,
  })
  .refine((input) => input.startTime === null || input.endTime === null || input.endTime > input.startTime, {
    path: ['endTime'],
    message: fieldMessage('afterStartTime'),
    when: fieldsAreValid,
  });
export type AddExceptionRequest = z.output<typeof ZAddExceptionRequest>;

export const ZDeleteExceptionRequest = z.object({
  psychologistId: entityId('psychologist'),
  exceptionId: z.uuid({ error: fieldMessage('exceptionId') }),
});

const FIRST_HOLIDAY_YEAR = 2024;
const LAST_HOLIDAY_YEAR = 2100;

/** POST /api/psychologists/{id}/schedule/holidays: a year of the state's public holidays as exceptions. */
export const ZApplyHolidaysRequest = z.object({
  psychologistId: entityId('psychologist'),
  /** ISO 3166-2:MY, e.g. '14' Kuala Lumpur, '10' Selangor, '07' Penang, '01' Johor. */
  state: z.enum(MALAYSIAN_STATES, { error: fieldMessage('malaysianState') }),
  year: numberIn({ min: FIRST_HOLIDAY_YEAR, max: LAST_HOLIDAY_YEAR, step: 1 }),
  /** The language of the holidays' names. */
  language: z.enum(['en', 'ms'], { error: fieldMessage('language') }).default('en'),
});
export type ApplyHolidaysRequest = z.output<typeof ZApplyHolidaysRequest>;

export const ZScheduleException = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  label: z.string(),
});

export const ZScheduleResponse = z.object({
  psychologistId: z.string(),
  ranges: z.array(z.object({ dayOfWeek: z.number().int(), startTime: z.string(), endTime: z.string() })),
  /** Today's and later ones. */
  exceptions: z.array(ZScheduleException),
  slotDurationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  minimumAdvanceHours: z.number().int(),
  timezone: z.enum(PSYCHOLOGIST_TIMEZONES),
});
export type ScheduleResponse = z.output<typeof ZScheduleResponse>;

export const ZApplyHolidaysResponse = z.object({ added: z.number().int(), schedule: ZScheduleResponse });
