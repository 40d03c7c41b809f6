import { WHATSAPP_STATES, whatsappStateOf } from '../../domain/whatsapp-messages';
import { z } from 'zod';
import { subHours } from 'date-fns';
import { findAppointmentByTokenHash } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { APPOINTMENT_STATUSES } from '../../domain/appointment-status';
import { clinicNameOf } from '../../domain/configuration';
import { MAX_VISITOR_MOVES } from '../../domain/visitor-changes';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';
import { hashSecretToken } from '../auth/secret-tokens';
import { refuseClosedAppointmentLink } from '../visitor-data/closed-links';
import { ZSessionPlace } from '../session-places/session-place-fields';
import { ownPaymentOf, ZOwnPayment } from '../payments/own-payment';

/** The visitor's private link names their appointment by a token that only their e-mails hold. */
export const ZManageTokenRequest = z.object({ token: z.string().trim().min(1).max(128) });

/** What the visitor's page shows: their own appointment, nothing of the clinic's other data. */
export const ZOwnAppointment = z.object({
  status: z.enum(APPOINTMENT_STATUSES),
  psychologistName: z.string(),
  /** With screenerSlug, where the page reads the psychologist's free slots to move it to. */
  psychologistId: z.string(),
  screenerSlug: z.string(),
  startUtc: z.date(),
  endUtc: z.date(),
  clientTimezone: z.string(),
  clientLanguage: z.enum(['en', 'ms']),
  holdExpiresAt: z.date().nullable(),
  /** Until when the visitor may cancel or move it here: the psychologist's cancellation notice. */
  changeableUntil: z.date(),
  /** Until when the visitor may cancel it here: the notice, or for a paid booking its start (docs/decisions/0062). */
  cancellableUntil: z.date(),
  /** Whom to contact inside the notice. */
  clinicName: z.string(),
  /** The clinic's primary colour for the page (white label); null keeps the theme's. */
  primaryColor: z.string().nullable(),
  /**
   * The contact the clinic publishes beside the crisis lines (decision 0024), shown where the link
   * can no longer change the appointment; null when it gave none. Not its account e-mail, which
   * public answers never carry (decision 0042).
   */
  clinicContact: z.object({ name: z.string(), phone: z.string().nullable(), whatsApp: z.string().nullable() }).nullable(),
  /** Where the session happens, with its video link (docs/decisions/0049); null when the clinic has not said. */
  place: ZSessionPlace.nullable(),
  /** How the visitor reaches the clinic about it: its published numbers and address. */
  visitorContact: z.object({ phone: z.string().nullable(), whatsApp: z.string().nullable(), email: z.string().nullable() }),
  /** Moves the visitor may still make here (domain/visitor-changes.ts); then they contact the clinic. */
  movesLeft: z.number().int(),
  /** 'on' while WhatsApp messages go to the visitor (the page offers to stop them), 'stopped', or 'off' (docs/decisions/0063). */
  whatsApp: z.enum(WHATSAPP_STATES),
  /** What was paid at booking and what a cancel would refund now (issue 28); null for a booking paid at the clinic. */
  payment: ZOwnPayment.nullable(),
});
export type OwnAppointment = z.output<typeof ZOwnAppointment>;

/**
 * The appointment of a token; a 410 that says what happened when it went with its clinic or its
 * visitor erased it (closed-links.ts); else a 404 that says nothing of whether another one exists.
 */
export async function findOwnAppointment(db: RequestContext['db'], token: string) {
  const appointment = await findAppointmentByTokenHash(db, hashSecretToken(token));
  if (appointment) return appointment;
  await refuseClosedAppointmentLink(db, token);
  throw new NotFoundError('appointment');
}

type FoundAppointment = Awaited<ReturnType<typeof findOwnAppointment>>;

/** When the visitor's own changes stop: the psychologist's cancellation notice before the start. */
export function changeableUntil(appointment: FoundAppointment): Date {
  return subHours(appointment.startUtc, appointment.psychologist.cancellationNoticeHours);
}

/**
 * When the visitor's cancel stops: a paid booking's at its start, as the visitor was told what a
 * late cancel keeps and a freed slot serves the clinic better than a silent no-show; any other's
 * at the notice (docs/decisions/0062).
 */
export function cancellableUntil(appointment: FoundAppointment, paid: boolean): Date {
  return paid ? appointment.startUtc : changeableUntil(appointment);
}

export async function toOwnAppointment(db: RequestContext['db'], appointment: FoundAppointment, now: Date): Promise<OwnAppointment> {
  const configuration = await findConfigurationOfOperator(db, appointment.userId);
  const payment = await ownPaymentOf(db, appointment, now);
  return {
    status: appointment.status,
    psychologistName: appointment.psychologist.name,
    psychologistId: appointment.psychologist.id,
    screenerSlug: configuration?.companySlug ?? configuration?.id ?? '',
    startUtc: appointment.startUtc,
    endUtc: appointment.endUtc,
    clientTimezone: appointment.client.timezone,
    clientLanguage: appointment.client.language,
    holdExpiresAt: appointment.holdExpiresAt,
    changeableUntil: changeableUntil(appointment),
    cancellableUntil: cancellableUntil(appointment, payment !== null),
    clinicName: configuration ? clinicNameOf(configuration) : '',
    primaryColor: configuration?.primaryColor ?? null,
    clinicContact: configuration?.crisisContact ?? null,
    place: appointment.place,
    visitorContact: appointment.visitorContact,
    movesLeft: Math.max(MAX_VISITOR_MOVES - appointment.visitorMoves, 0),
    whatsApp: whatsappStateOf(appointment.whatsApp),
    payment,
  };
}

/** GET /api/public/appointments/manage/{token}: reading the page changes nothing. */
export async function viewOwnAppointment(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<OwnAppointment> {
  return toOwnAppointment(ctx.db, await findOwnAppointment(ctx.db, token), ctx.now());
}
