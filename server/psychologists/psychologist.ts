import { z } from 'zod';
import {
  BUFFER_MINUTES,
  SLOT_DURATION_MINUTES as SLOT_DURATION,
  isInRange,
  MINIMUM_ADVANCE_HOURS,
  CANCELLATION_NOTICE_HOURS,
  type NumberRange,
  PRICE_PER_HOUR,
  PSYCHOLOGIST_DEFAULTS,
  PSYCHOLOGIST_TEXT_LIMITS as LIMITS,
  PSYCHOLOGIST_TIMEZONES,
} from '../../domain/psychologist';
import { fieldMessage } from '../field-messages';
import { SESSION_MODES } from '../../domain/session-place';
import { ZSessionPlaceSetting } from '../session-places/session-place-fields';
import { emailAddress, optionalText, requiredText, ZWebUrlOrNull, oneOf } from '../zod-fields';

/** A number on the range's steps, with the message that names them. */
export function numberIn(range: NumberRange) {
  const { min, max, step } = range;
  const message = step === 1 ? fieldMessage('wholeNumberBetween', { min, max }) : fieldMessage('stepsBetween', { min, max, step });
  return z.number({ error: message }).refine((value) => isInRange(value, range), message);
}

/**
 * POST /api/psychologists (and the body of PUT): the psychologist form's fields. Optional
 * fields fall back to the product's defaults (domain/psychologist.ts); imageUrl '' and a missing price mean none.
 */
export const ZPsychologistFields = z.object({
  name: requiredText(LIMITS.name),
  jobTitle: requiredText(LIMITS.jobTitle),
  description: requiredText(LIMITS.description, 'several lines'),
  // Malay versions, blank for none; a client older than them sends none.
  jobTitleMs: optionalText(LIMITS.jobTitle).default(''),
  descriptionMs: optionalText(LIMITS.description, 'several lines').default(''),
  email: emailAddress(),
  imageUrl: ZWebUrlOrNull,
  /** RM per hour, at most 2 decimals; null hides the price. */
  pricePerHour: numberIn(PRICE_PER_HOUR)
    .nullish()
    .transform((value) => value ?? null),
  slotDurationMinutes: numberIn(SLOT_DURATION).default(PSYCHOLOGIST_DEFAULTS.slotDurationMinutes),
  bufferMinutes: numberIn(BUFFER_MINUTES).default(PSYCHOLOGIST_DEFAULTS.bufferMinutes),
  minimumAdvanceHours: numberIn(MINIMUM_ADVANCE_HOURS).default(PSYCHOLOGIST_DEFAULTS.minimumAdvanceHours),
  cancellationNoticeHours: numberIn(CANCELLATION_NOTICE_HOURS).default(PSYCHOLOGIST_DEFAULTS.cancellationNoticeHours),
  timezone: z
    .enum(PSYCHOLOGIST_TIMEZONES, { error: oneOf(PSYCHOLOGIST_TIMEZONES) })
    .default(PSYCHOLOGIST_DEFAULTS.timezone),
  /** Where their sessions happen; null or missing follow the clinic's default. */
  sessionPlace: ZSessionPlaceSetting.nullish().transform((value) => value ?? null),
});
export type PsychologistFields = z.output<typeof ZPsychologistFields>;

export const ZPsychologist = z.object({
  id: z.string(),
  name: z.string(),
  jobTitle: z.string(),
  description: z.string(),
  jobTitleMs: z.string(),
  descriptionMs: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  /** '150.00': MYR with two decimals, or null. */
  pricePerHour: z.string().nullable(),
  slotDurationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  minimumAdvanceHours: z.number().int(),
  cancellationNoticeHours: z.number().int(),
  timezone: z.enum(PSYCHOLOGIST_TIMEZONES),
  sessionPlace: z.object({ mode: z.enum(SESSION_MODES), address: z.string().nullable(), videoUrl: z.string().nullable() }).nullable(),
});
