import { z } from 'zod';
import { PSYCHOLOGIST_TIMEZONES } from '../../domain/psychologist';
import { inclusiveDayCount, MAX_GENERATION_DAYS, MAX_SLOT_LIST_DAYS } from '../../domain/slots';
import { fieldMessage } from '../field-messages';
import { ZConfirmationFlag, entityId, oneOf, ZInstant } from '../zod-fields';
import { DAY_MS } from '../../domain/time';

/** A moved slot may be longer than a generated one (240 minutes), but not absurdly so. */
export const MAX_SLOT_HOURS = 24;

const ZCalendarDate = z.iso.date({ error: fieldMessage('date') });
const ZClockTime = z.iso.time({ precision: -1, error: fieldMessage('time') });
/** Cross-field rules speak only once each field is valid on its own. */
const fieldsAreValid = (payload: z.core.ParsePayload) => payload.issues.length === 0;
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

/** GET /api/availability/:psychologistId?from&to: slots starting in [from, to); default now → 90 days. */
export const ZListAvailabilityRequest = z
  .object({
    psychologistId: entityId('psychologist'),
    from: ZInstant.optional(),
    to: ZInstant.optional(),
  })
  .refine((input) => !input.from || !input.to || Date.parse(input.to) > Date.parse(input.from), {
    path: ['to'],
    message: fieldMessage('afterFrom'),
    when: fieldsAreValid,
  })
  .refine((input) => !input.from || !input.to || Date.parse(input.to) - Date.parse(input.from) <= MAX_SLOT_LIST_DAYS * DAY_MS, {
    path: ['to'],
    message: fieldMessage('atMostDaysAfterFrom', { days: MAX_SLOT_LIST_DAYS }),
    when: fieldsAreValid,
  });
export type ListAvailabilityRequest = z.output<typeof ZListAvailabilityRequest>;

export const ZAvailabilitySlot = z.object({
  id: z.string(),
  /** ISO 8601 in UTC, e.g. '2026-12-01T01:00:00.000Z'. */
  startUtc: z.string(),
  endUtc: z.string(),
  isBooked: z.boolean(),
});

/**
 * PATCH /api/availability/:slotId. A booked slot moves only with `confirmBooked: true`; the
 * new times must not overlap another slot of the psychologist.
 */
export const ZUpdateSlotRequest = z
  .object({
    slotId: entityId('slot'),
    startUtc: ZInstant,
    endUtc: ZInstant,
    confirmBooked: ZConfirmationFlag,
  })
  .refine((input) => Date.parse(input.endUtc) > Date.parse(input.startUtc), {
    path: ['endUtc'],
    message: fieldMessage('afterStartTime'),
    when: fieldsAreValid,
  })
  .refine((input) => Date.parse(input.endUtc) - Date.parse(input.startUtc) <= MAX_SLOT_HOURS * 3_600_000, {
    path: ['endUtc'],
    message: fieldMessage('atMostHoursAfterStart', { hours: MAX_SLOT_HOURS }),
    when: fieldsAreValid,
  });
export type UpdateSlotRequest = z.output<typeof ZUpdateSlotRequest>;

/** DELETE /api/availability/:slotId; a booked slot only with `confirmBooked` (`?confirmBooked=true` over REST). */
export const ZDeleteSlotRequest = z.object({
  slotId: entityId('slot'),
  confirmBooked: ZConfirmationFlag,
});

export const ZDeleteSlotResponse = z.object({
  /** Whether a client's appointment went with the slot. */
  cancelledAppointment: z.boolean(),
});
