import { z } from 'zod';
import { PSYCHOLOGIST_TIMEZONES } from '../../domain/psychologist';
import { inclusiveDayCount, MAX_GENERATION_DAYS } from '../../domain/slots';
import { fieldMessage } from '../field-messages';
import { entityId, fieldsAreValid, oneOf, ZCalendarDate } from '../zod-fields';

const ZClockTime = z.iso.time({ precision: -1, error: fieldMessage('time') });
const weekdayMessage = fieldMessage('weekdays');

/**
 * POST /api/availability/generate. Times are wall-clock times in `timezone`, which the form
 * sends as the psychologist's own; without it the psychologist's timezone is used.
 */
export const ZGenerateAvailabilityRequest = z
  .object({
    psychologistId: entityId('psychologist'),
    startDate: ZCalendarDate,
    endDate: ZCalendarDate,
    startTime: ZClockTime,
    endTime: ZClockTime,
    daysOfWeek: z
      .array(z.number({ error: weekdayMessage }).int(weekdayMessage).min(0, weekdayMessage).max(6, weekdayMessage), {
        error: weekdayMessage,
      })
      .min(1, fieldMessage('atLeastOneWeekday')),
    timezone: z.enum(PSYCHOLOGIST_TIMEZONES, { error: oneOf(PSYCHOLOGIST_TIMEZONES) }).optional(),
  })
  .refine((input) => inclusiveDayCount(input.startDate, input.endDate) >= 1, {
    path: ['endDate'],
    message: fieldMessage('onOrAfterStartDate'),
    when: fieldsAreValid,
  })
  .refine((input) => inclusiveDayCount(input.startDate, input.endDate) <= MAX_GENERATION_DAYS, {
    path: ['endDate'],
    message: fieldMessage('withinAYear', { days: MAX_GENERATION_DAYS }),
    when: fieldsAreValid,
  })
  // Zero-padded HH:mm compares correctly as text.
  .refine((input) => input.endTime > input.startTime, {
    path: ['endTime'],
    message: fieldMessage('afterStartTime'),
    when: fieldsAreValid,
  });
export type GenerateAvailabilityRequest = z.output<typeof ZGenerateAvailabilityRequest>;

export const ZGenerateAvailabilityResponse = z.object({
  /** Slots created; those overlapping an existing slot or already past are left out. */
  count: z.number().int(),
  psychologist: z.object({ name: z.string() }),
});
