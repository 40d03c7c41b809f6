import { z } from 'zod';
import type { Kysely } from 'kysely';
import { type AppointmentDetails, findAppointmentOf } from '../../db/repositories/appointments';
import { recordAudit } from '../../db/repositories/audit-log';
import { type Consent, recordConsents } from '../../db/repositories/consents';
import { findOpenMeasurePlan, insertMeasurePlan, type MeasurePlan } from '../../db/repositories/measure-plans';
import { findBookingCounter } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { MEASURE_SCHEDULES, type MeasureSchedule } from '../../domain/measure-schedule';
import { MEASURE_INSTRUMENTS, type MeasureInstrument } from '../../domain/measures';
import type { Locales } from '../../i18n/i18n-types';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';
import { refuseOutsideProfile } from '../members/profile-scope';
import { translationsFor } from '../translations';
import { entityId, oneOf } from '../zod-fields';

/** POST /api/appointments/{appointmentId}/measure-plan */
export const ZEnrolClientRequest = z.object({
  appointmentId: entityId('appointment'),
  instruments: z.enum(MEASURE_INSTRUMENTS, { error: oneOf(MEASURE_INSTRUMENTS) }),
  schedule: z.enum(MEASURE_SCHEDULES, { error: oneOf(MEASURE_SCHEDULES) }),
  /** The member states that the client agreed to the consent text, shown to them in their language. */
  clientConsented: z.literal(true, { error: fieldMessage('clientConsented') }),
});
export type EnrolClientRequest = z.output<typeof ZEnrolClientRequest>;

export const ZMeasurePlanView = z.object({
  id: z.string(),
  appointmentId: z.string(),
  instruments: z.enum(MEASURE_INSTRUMENTS),
  schedule: z.enum(MEASURE_SCHEDULES),
  enrolledAt: z.date(),
  consent: z.object({ version: z.string(), language: z.string(), text: z.string(), givenAt: z.date() }),
});
export type MeasurePlanView = z.output<typeof ZMeasurePlanView>;

/** A client in care: their booking stands or took place. */
const ENROLLABLE: readonly AppointmentStatus[] = ['confirmed', 'completed'];

/**
 * The words the client agrees to, in their language: what they answer and when, what is kept,
 * who sees it, for how long, and that withdrawing erases it (docs/decisions/0067).
 */
export function measuresConsentText(
  language: Locales,
  plan: { instruments: MeasureInstrument; schedule: MeasureSchedule; psychologist: string; retentionDays: number },
): string {
  const booking = translationsFor(language).booking;
  const consent = booking.measuresConsent({
    instruments: booking.measureInstruments[plan.instruments](),
    schedule: booking.measureSchedules[plan.schedule](),
    psychologist: plan.psychologist,
  });
  return `${consent}\n\n${booking.measuresConsentDetails({ psychologist: plan.psychologist, days: plan.retentionDays })}`;
}

/** The consent the client of this appointment is asked for this plan: its text in their language. */
export async function consentToAsk(
  db: Kysely<Database>,
  userId: string,
  appointment: Pick<AppointmentDetails, 'client' | 'psychologist'>,
  plan: { instruments: MeasureInstrument; schedule: MeasureSchedule },
): Promise<{ language: Locales; text: string }> {
  const { retentionDays } = (await findBookingCounter(db, userId))!;
  const language = appointment.client.language;
  return { language, text: measuresConsentText(language, { ...plan, psychologist: appointment.psychologist.name, retentionDays }) };
}

const alreadyEnrolled = () => new AppError('CONFLICT', (t) => t.errors.measures.alreadyEnrolled());

/**
 * The appointment's psychologist, an admin or the owner enrols its client in repeat measures
 * (issue 30): the consent is recorded with its exact text in the client's language, the plan is
 * opened and the enrolment audited, all in one transaction. Nothing is sent yet: the schedule
 * (domain/measure-schedule.ts) says when the first measure is due.
 */
export async function enrolClient(
  ctx: Pick<OperatorContext, 'db' | 'dialect' | 'admin' | 'member' | 'now'>,
  input: EnrolClientRequest,
): Promise<MeasurePlanView> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const appointment = await findAppointmentOf(trx, userId, input.appointmentId);
      if (!appointment) throw new NotFoundError('appointment');
      refuseOutsideProfile(ctx.member, appointment.psychologist.id, 'appointment');
      // Erasure empties the contact columns (db/repositories/visitor-data.ts): no one is left to ask.
      if (appointment.client.email === '') throw new AppError('CONFLICT', (t) => t.errors.measures.dataErased());
      if (!ENROLLABLE.includes(appointment.status)) {
        const status = appointment.status;
        throw new AppError('CONFLICT', (t) => t.errors.measures.notInCare({ status: t.admin.appointments.statuses[status]() }));
      }
      if (await findOpenMeasurePlan(trx, userId, appointment.id)) throw alreadyEnrolled();

      const { language, text } = await consentToAsk(trx, userId, appointment, input);
      const given = { kind: 'measures', text, givenAt: now };
      // One consent given, one recorded.
      const consent = (await recordConsents(trx, ctx.dialect, { userId, appointmentId: appointment.id, language, consents: [given], now }))[0]!;
      const plan = await insertMeasurePlan(trx, {
        userId,
        appointmentId: appointment.id,
        psychologistId: appointment.psychologist.id,
        instruments: input.instruments,
        schedule: input.schedule,
        consentVersion: consent.version,
        enrolledAt: now,
        enrolledBy: ctx.member.accountId,
      });
      await recordAudit(trx, { userId, actor: 'clinic', accountId: ctx.member.accountId, action: 'measures.enrolled', subjectId: appointment.id, at: now });
      return planView(plan, consent);
    });
  } catch (error) {
    // Two enrolments at once: the UNIQUE index of open plans lets one through.
    if (isUniqueViolation(error)) throw alreadyEnrolled();
    throw error;
  }
}

function planView(plan: MeasurePlan, consent: Consent): MeasurePlanView {
  return {
    id: plan.id,
    appointmentId: plan.appointmentId,
    instruments: plan.instruments,
    schedule: plan.schedule,
    enrolledAt: plan.enrolledAt,
    consent: { version: consent.version, language: consent.language, text: consent.text, givenAt: consent.givenAt },
  };
}
