import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import { z } from 'zod';
import { ZSessionPlace } from '../session-places/session-place-fields';
import { canonicalTimeZone } from '../../domain/appointment-time';
import { normaliseMalaysianPhone, phoneProblem } from '../../domain/phone';
import { ZScreenerIdentifier } from '../configuration/screener-owner';
import { fieldMessage } from '../field-messages';
import { emailAddress, entityId, requiredText } from '../zod-fields';
import { ZBookingConsents, ZSharedResults } from './shared-results';
import { ZProofOfWork } from '../booking-challenge/booking-challenge.types';
import { ZBookingPaymentStep } from '../payments/booking-payment-step';

/** Shown under the phone field: what a Malaysian number looks like. */
const INVALID_PHONE_MESSAGE = fieldMessage('phone');

const TIMEZONE_MESSAGE = fieldMessage('timezone');

/** POST /api/public/appointments: the visitor's booking form, plus the language of their e-mail. */
export const ZBookAppointmentRequest = z.object({
  slug: ZScreenerIdentifier,
  psychologistId: entityId('psychologist'),
  slotId: entityId('slot'),
  clientName: requiredText(200),
  clientEmail: emailAddress(),
  /** Stored in E.164 (+60…); the rules are domain/phone.ts's, checked below with the WhatsApp choice. */
  clientPhone: z.string({ error: INVALID_PHONE_MESSAGE }).max(40, INVALID_PHONE_MESSAGE),
  /**
   * "Send me reminders on WhatsApp", unticked unless sent (docs/decisions/0063): the number must
   * then be a mobile one, and `consents.whatsappReminders` says when the visitor agreed.
   */
  whatsappReminders: z.boolean({ error: fieldMessage('trueOrFalse') }).default(false),
  /** The browser's IANA timezone, stored in its canonical spelling. */
  clientTimezone: z
    .string({ error: TIMEZONE_MESSAGE })
    .max(64, fieldMessage('atMostCharacters', { max: 64 }))
    .refine((value) => canonicalTimeZone(value) !== undefined, TIMEZONE_MESSAGE)
    .transform((value) => canonicalTimeZone(value)!),
  clientLanguage: z.enum(['en', 'ms'], { error: fieldMessage('language') }).default('en'),
  /** Only when the visitor ticked the choice to share them; nothing of the screening otherwise. */
  sharedResults: ZSharedResults.optional(),
  consents: ZBookingConsents.optional(),
  /** The solved challenge of GET /api/public/booking-challenge/{slug}; each books once (docs/decisions/0037). */
  proofOfWork: ZProofOfWork,
}).superRefine((request, ctx) => {
  const phone = phoneProblem(request.clientPhone, { whatsApp: request.whatsappReminders });
  if (phone) ctx.addIssue({ code: 'custom', path: ['clientPhone'], message: fieldMessage(phone) });
  if (request.sharedResults && !request.consents?.resultsSharing) {
    ctx.addIssue({ code: 'custom', path: ['consents', 'resultsSharing'], message: fieldMessage('consentToShare') });
  }
  if (request.whatsappReminders && !request.consents?.whatsappReminders) {
    ctx.addIssue({ code: 'custom', path: ['consents', 'whatsappReminders'], message: fieldMessage('consentToWhatsapp') });
  }
}).transform((request) => ({ ...request, clientPhone: normaliseMalaysianPhone(request.clientPhone) }));
export type BookAppointmentRequest = z.output<typeof ZBookAppointmentRequest>;

export const ZBookAppointmentResponse = z.object({
  appointmentId: z.string(),
  /** 'held' while the visitor must still confirm their e-mail (domain/appointment-status.ts). */
  status: z.enum(APPOINTMENT_STATUSES),
  holdExpiresAt: z.date().nullable(),
  startUtc: z.date(),
  endUtc: z.date(),
  psychologistName: z.string(),
  /** Where the session happens, for the confirmation screen (docs/decisions/0049). */
  place: ZSessionPlace.nullable(),
  /**
   * Where the clinic asks payment at booking (docs/decisions/0062): the token by which this
   * browser asks for the payment step again (POST /api/public/booking-payments/{appointmentId}); null
   * for a booking paid at the clinic.
   */
  paymentToken: z.string().nullable(),
  /** The payment step; null when nothing is paid now, or when Stripe did not answer (ask again with the token). */
  payment: ZBookingPaymentStep.nullable(),
});
export type BookAppointmentResponse = z.output<typeof ZBookAppointmentResponse>;
