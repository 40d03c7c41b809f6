import { z } from 'zod';
import { canonicalTimeZone } from '../../domain/appointment-time';
import { isValidMalaysianPhone, normaliseMalaysianPhone } from '../../domain/phone';
import { ZPsychologist } from '../psychologists/psychologists.schema';
import { fieldMessage } from '../field-messages';
import { emailAddress, entityId, requiredText, ZInstant } from '../zod-fields';

/** SPEC section 5's wording, shown under the phone field. */
const INVALID_PHONE_MESSAGE = fieldMessage('phone');

const TIMEZONE_MESSAGE = fieldMessage('timezone');

/** The screener in the visitor's URL: a company slug (current or earlier) or a configuration id. */
export const ZScreenerIdentifier = requiredText(100);

/** GET /api/public/psychologists?slug */
export const ZPublicPsychologistsRequest = z.object({ slug: ZScreenerIdentifier });

/** What a visitor may see of a psychologist: no e-mail, no booking rules but the slot length. */
export const ZPublicPsychologist = ZPsychologist.pick({
  id: true,
  name: true,
  jobTitle: true,
  description: true,
  imageUrl: true,
  pricePerHour: true,
  slotDurationMinutes: true,
  timezone: true,
});

/** GET /api/public/availability?slug&psychologistId&from&to; the range defaults to now → 30 days. */
export const ZFreeSlotsRequest = z.object({
  slug: ZScreenerIdentifier,
  psychologistId: entityId('psychologist'),
  from: ZInstant.optional(),
  to: ZInstant.optional(),
});
export type FreeSlotsRequest = z.output<typeof ZFreeSlotsRequest>;

export const ZFreeSlot = z.object({ id: z.string(), startUtc: z.date(), endUtc: z.date() });

/** GET /api/public/check-subscription/:slug */
/** POST /api/public/appointments: SPEC section 3's payload plus the language of the visitor's e-mail. */
export const ZBookAppointmentRequest = z.object({
  slug: ZScreenerIdentifier,
  psychologistId: entityId('psychologist'),
  slotId: entityId('slot'),
  clientName: requiredText(200),
  clientEmail: emailAddress(),
  /** Stored as +60…; SPEC's rules are domain/phone.ts's. */
  clientPhone: z
    .string({ error: INVALID_PHONE_MESSAGE })
    .refine(isValidMalaysianPhone, INVALID_PHONE_MESSAGE)
    .transform(normaliseMalaysianPhone),
  /** The browser's IANA timezone, stored in its canonical spelling. */
  clientTimezone: z
    .string({ error: TIMEZONE_MESSAGE })
    .max(64, fieldMessage('atMostCharacters', { max: 64 }))
    .refine((value) => canonicalTimeZone(value) !== undefined, TIMEZONE_MESSAGE)
    .transform((value) => canonicalTimeZone(value)!),
  clientLanguage: z.enum(['en', 'ms'], { error: fieldMessage('language') }).default('en'),
});
export type BookAppointmentRequest = z.output<typeof ZBookAppointmentRequest>;

export const ZBookAppointmentResponse = z.object({
  appointmentId: z.string(),
  startUtc: z.date(),
  endUtc: z.date(),
  psychologistName: z.string(),
});

/** A booking as the operator sees it in admin setup. */
export const ZAdminAppointment = z.object({
  id: z.string(),
  status: z.enum(['booked', 'cancelled']),
  clientName: z.string(),
  clientEmail: z.string(),
  clientPhone: z.string(),
  clientTimezone: z.string(),
  psychologist: ZPsychologist.pick({ id: true, name: true, timezone: true }),
  startUtc: z.date(),
  endUtc: z.date(),
  createdAt: z.date(),
  cancelledAt: z.date().nullable(),
});
export type AdminAppointment = z.output<typeof ZAdminAppointment>;

/** POST /api/appointments/:appointmentId/cancel */
export const ZCancelAppointmentRequest = z.object({ appointmentId: entityId('appointment') });
