import { WHATSAPP_STATES } from '../../domain/whatsapp-messages';
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import { ZPsychologist } from '../psychologists/psychologist';
import { ZSessionPlace } from '../session-places/session-place-fields';

/** A booking as the operator sees it in admin setup. */
export const ZAdminAppointment = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  clientName: z.string(),
  clientEmail: z.string(),
  clientPhone: z.string(),
  clientTimezone: z.string(),
  psychologist: ZPsychologist.pick({ id: true, name: true, timezone: true }),
  startUtc: z.date(),
  endUtc: z.date(),
  createdAt: z.date(),
  /** When anything shown here last changed: `GET /api/appointments?updatedSince=` reconciles by it. */
  updatedAt: z.date(),
  cancelledAt: z.date().nullable(),
  /** Where it happens, with its own video link once staff gave one (docs/decisions/0049). */
  place: ZSessionPlace.nullable(),
  /**
   * The visitor shared their screening results: the clinic may open them (audited). Health
   * data: absent for a role that may not see it (domain/roles.ts ACCESS.attachedResults).
   */
  resultsShared: z.boolean().optional(),
  /** The visitor answered the crisis item. Absent, as resultsShared, for a role that may not see it. */
  contactPromptly: z.boolean().optional(),
  /**
   * Why the visitor cancelled through their link, in their words; null when they gave none.
   * Absent, as resultsShared, for a role that may not see it (docs/decisions/0054).
   */
  cancelReason: z.string().nullable().optional(),
  /** When the visitor answered "I'll be there" to a WhatsApp reminder; null until then (docs/decisions/0063). */
  attendanceConfirmedAt: z.date().nullable(),
  /** 'on' while the visitor gets WhatsApp messages, 'stopped' once they ended them, 'off' when they never asked. */
  whatsApp: z.enum(WHATSAPP_STATES),
});
export type AdminAppointment = z.output<typeof ZAdminAppointment>;
