import { z } from 'zod';
import { listAppointmentEvents } from '../../db/repositories/appointments';
import { measurePlansOf } from '../../db/repositories/measure-plans';
import { measuresOfAppointment } from '../../db/repositories/measures';
import { findVisitorRecords } from '../../db/repositories/visitor-data';
import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import { MEASURE_SCHEDULES } from '../../domain/measure-schedule';
import { MEASURE_INSTRUMENTS } from '../../domain/measures';
import { findOwnAppointment, toOwnAppointment } from '../appointments/own-appointment';
import type { RequestContext } from '../context';

/**
 * GET /api/public/appointments/manage/{token}/data: everything held about the visitor of this
 * appointment, for them to keep (the PDPA's right of access). Keys name the visitor's own data
 * as the clinic's inbox does (`clientEmail`), so nothing reads as the clinic's.
 */
export const ZOwnData = z.object({
  exportedAt: z.date(),
  appointment: z.object({
    id: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    clinicName: z.string(),
    psychologistName: z.string(),
    startUtc: z.date(),
    endUtc: z.date(),
    bookedAt: z.date(),
    cancelledAt: z.date().nullable(),
  }),
  contact: z.object({
    clientName: z.string(),
    clientEmail: z.string(),
    clientPhone: z.string(),
    clientTimezone: z.string(),
    clientLanguage: z.enum(['en', 'ms']),
  }),
  /** The screening results they chose to share with the clinic, as stored; null when none. */
  sharedResults: z.record(z.string(), z.unknown()).nullable(),
  /** Whether the clinic was asked to contact them promptly (they answered the crisis item). */
  contactPromptly: z.boolean(),
  /** The reason they gave when cancelling through their link; null when none. */
  cancelReason: z.string().nullable(),
  /** Each consent with the exact text they saw. */
  consents: z.array(
    z.object({ kind: z.string(), givenAt: z.date(), version: z.string(), language: z.string(), text: z.string() }),
  ),
  statusHistory: z.array(
    z.object({ at: z.date(), actor: z.enum(['visitor', 'clinic', 'system']), from: z.enum(APPOINTMENT_STATUSES).nullable(), to: z.enum(APPOINTMENT_STATUSES) }),
  ),
  /** Their repeat-measure plans from this booking (docs/decisions/0067), each with its consent's version; withdrawnAt once they withdrew, endedAt once the clinic ended it. */
  measurePlans: z.array(
    z.object({
      instruments: z.enum(MEASURE_INSTRUMENTS),
      schedule: z.enum(MEASURE_SCHEDULES),
      consentVersion: z.string(),
      enrolledAt: z.date(),
      withdrawnAt: z.date().nullable(),
      endedAt: z.date().nullable(),
    }),
  ),
  /** The measures those plans sent, oldest first: when, and once answered, the answers (by the screener's question ids) and scores. */
  measures: z.array(
    z.object({
      instruments: z.enum(MEASURE_INSTRUMENTS),
      sentAt: z.date(),
      expiresAt: z.date(),
      answeredAt: z.date().nullable(),
      answers: z.record(z.string(), z.number()).nullable(),
      scores: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});
export type OwnData = z.output<typeof ZOwnData>;

export async function downloadOwnData(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<OwnData> {
  const appointment = await findOwnAppointment(ctx.db, token);
  const own = await toOwnAppointment(ctx.db, appointment, ctx.now());
  const records = await findVisitorRecords(ctx.db, appointment.id);
  return {
    exportedAt: ctx.now(),
    appointment: {
      id: appointment.id,
      status: appointment.status,
      clinicName: own.clinicName,
      psychologistName: appointment.psychologist.name,
      startUtc: appointment.startUtc,
      endUtc: appointment.endUtc,
      bookedAt: appointment.createdAt,
      cancelledAt: appointment.cancelledAt,
    },
    contact: {
      clientName: appointment.client.name,
      clientEmail: appointment.client.email,
      clientPhone: appointment.client.phone,
      clientTimezone: appointment.client.timezone,
      clientLanguage: appointment.client.language,
    },
    sharedResults: records.sharedResults,
    contactPromptly: records.contactPromptly,
    cancelReason: records.cancelReason,
    consents: records.consents,
    statusHistory: await listAppointmentEvents(ctx.db, appointment.id),
    measurePlans: (await measurePlansOf(ctx.db, appointment.id)).map(({ instruments, schedule, consentVersion, enrolledAt, withdrawnAt, endedAt }) => ({
      instruments,
      schedule,
      consentVersion,
      enrolledAt,
      withdrawnAt,
      endedAt,
    })),
    measures: await measuresOfAppointment(ctx.db, appointment.id),
  };
}
