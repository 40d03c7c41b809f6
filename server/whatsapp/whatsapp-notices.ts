import type { Kysely } from 'kysely';
import type { AppointmentDetails } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueWhatsapp, type OutboxWhatsapp } from '../../db/repositories/whatsapp-outbox';
import { findWhatsappSettings, type WhatsappSettingsRow } from '../../db/repositories/whatsapp-settings';
import type { Database } from '../../db/schema';
import { clinicNameOf } from '../../domain/configuration';
import { type MeasureWhatsappKind, QUICK_REPLIES, templateNameOf, type VisitorWhatsappKind } from '../../domain/whatsapp-messages';
import type { Env, WhatsappSettings } from '../env';

/** Who a clinic's messages come from, and the one identifying word they carry: its (shortened) name. */
export interface WhatsappClinic {
  userId: string;
  name: string;
  sender: string;
}

/**
 * The clinic's sender and name, read in the caller's transaction; undefined while WhatsApp is not
 * set up. Answering a visitor's own message uses it whatever the clinic's switch: a STOP is
 * always honoured.
 */
export async function whatsappClinicOf(trx: Kysely<Database>, userId: string, env: Pick<Env, 'whatsapp'>): Promise<WhatsappClinic | undefined> {
  return (await clinicAndSwitch(trx, userId, env))?.clinic;
}

/**
 * The clinic, when it sends messages of its own accord (notices, reminders, questionnaires):
 * set up and switched on. While it is off no booking is offered WhatsApp, and none that consented
 * earlier gets a message; their e-mails go as before.
 */
export async function messagingClinicOf(trx: Kysely<Database>, userId: string, env: Pick<Env, 'whatsapp'>): Promise<WhatsappClinic | undefined> {
  const found = await clinicAndSwitch(trx, userId, env);
  return found?.enabled ? found.clinic : undefined;
}

async function clinicAndSwitch(trx: Kysely<Database>, userId: string, env: Pick<Env, 'whatsapp'>): Promise<{ clinic: WhatsappClinic; enabled: boolean } | undefined> {
  if (!env.whatsapp) return undefined;
  const settings = await findWhatsappSettings(trx, userId);
  const screener = await findConfigurationOfOperator(trx, userId);
  if (!settings || !screener) return undefined;
  return { clinic: whatsappClinicFrom(userId, settings, screener, env.whatsapp), enabled: settings.enabled };
}

/** The clinic's sender and name from its settings and screener, already read. */
export function whatsappClinicFrom(
  userId: string,
  settings: Pick<WhatsappSettingsRow, 'shortName' | 'sender'>,
  screener: Parameters<typeof clinicNameOf>[0],
  whatsapp: Pick<WhatsappSettings, 'phoneNumberId'>,
): WhatsappClinic {
  return { userId, name: settings.shortName ?? clinicNameOf(screener), sender: settings.sender ?? whatsapp.phoneNumberId };
}

/** Whether a booking's visitor gets WhatsApp messages now: they asked, and have not stopped them. */
export function wantsWhatsapp(appointment: { whatsApp: Pick<AppointmentDetails['whatsApp'], 'consented' | 'stoppedAt'>; client: Pick<AppointmentDetails['client'], 'phone'> }): boolean {
  return appointment.whatsApp.consented && appointment.whatsApp.stoppedAt === null && appointment.client.phone !== '';
}

/** The session's start as the visitor reads it, in their language and timezone: "Friday, 27 November 2026 at 3:00 pm". */
function whenOf(appointment: Pick<AppointmentDetails, 'startUtc' | 'client'>): string {
  const locale = appointment.client.language === 'ms' ? 'ms-MY' : 'en-MY';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: appointment.client.timezone }).format(appointment.startUtc);
}

/**
 * A message of a booking's lifecycle or a reminder: the kind's template in the visitor's
 * language, carrying the clinic's name and the time, nothing else (never what the appointment
 * is for). A reminder has the quick replies and the manage page's link (the token after the
 * template's base URL, deploy/whatsapp-templates.json).
 */
export function whatsappNotice(
  kind: VisitorWhatsappKind,
  appointment: Pick<AppointmentDetails, 'id' | 'startUtc' | 'client'>,
  clinic: WhatsappClinic,
  extra: { manageToken?: string; expiresAt?: Date; fallbackEmailId?: string } = {},
): OutboxWhatsapp {
  const reminder = kind === 'reminder_24h' || kind === 'reminder_2h';
  return {
    kind,
    userId: clinic.userId,
    appointmentId: appointment.id,
    to: appointment.client.phone,
    sender: clinic.sender,
    body: {
      type: 'template',
      name: templateNameOf(kind),
      language: appointment.client.language,
      parameters: [clinic.name, whenOf(appointment)],
      ...(reminder && extra.manageToken && { buttons: { quickReplies: [QUICK_REPLIES.attending, QUICK_REPLIES.change], urlSuffix: extra.manageToken } }),
    },
    expiresAt: extra.expiresAt,
    fallbackEmailId: extra.fallbackEmailId,
  };
}

/**
 * A client's repeat questionnaire (issue 30), or its reminder: the kind's template in the
 * measure's language, carrying the clinic's name and, behind its button, the measure's link (the
 * token after the template's base URL), nothing else: no instrument, no score, no time. Tied to
 * the booking the client was enrolled from, whose WhatsApp consent it goes under: a STOP or an
 * erasure of that booking withdraws it, and it lapses with the measure.
 */
export function measureWhatsapp(
  kind: MeasureWhatsappKind,
  measure: { appointmentId: string; language: 'en' | 'ms'; phone: string; token: string; expiresAt: Date },
  clinic: WhatsappClinic,
): OutboxWhatsapp {
  return {
    kind,
    userId: clinic.userId,
    appointmentId: measure.appointmentId,
    to: measure.phone,
    sender: clinic.sender,
    body: { type: 'template', name: templateNameOf(kind), language: measure.language, parameters: [clinic.name], buttons: { quickReplies: [], urlSuffix: measure.token } },
    expiresAt: measure.expiresAt,
  };
}

/**
 * Queues a lifecycle message (received, confirmed, moved, cancelled) in the caller's
 * transaction, when the visitor wants WhatsApp messages and the clinic can send them. The
 * visitor's e-mail of the same change goes as before: it carries the calendar entry and the
 * private link, which a WhatsApp message does not (docs/decisions/0063).
 */
export async function enqueueWhatsappNotice(
  trx: Kysely<Database>,
  kind: Exclude<VisitorWhatsappKind, 'reminder_24h' | 'reminder_2h'>,
  booking: { userId: string; appointment: Pick<AppointmentDetails, 'id' | 'startUtc' | 'client' | 'whatsApp'> },
  services: { env: Pick<Env, 'whatsapp'>; now: Date },
): Promise<void> {
  if (!wantsWhatsapp(booking.appointment)) return;
  const clinic = await messagingClinicOf(trx, booking.userId, services.env);
  if (clinic) await enqueueWhatsapp(trx, [whatsappNotice(kind, booking.appointment, clinic)], services.now);
}

/**
 * "Cancelled" to each visitor who asked, when the clinic cancels bookings (one, or those of a
 * deleted slot or psychologist), with the bookings as read before the change. A hold gets
 * nothing: its number is a stranger's word until the visitor confirms the e-mail.
 */
export async function enqueueWhatsappCancellations(
  trx: Kysely<Database>,
  cancelled: { userId: string; appointments: Pick<AppointmentDetails, 'id' | 'status' | 'startUtc' | 'client' | 'whatsApp'>[] },
  services: { env: Pick<Env, 'whatsapp'>; now: Date },
): Promise<void> {
  const wanting = cancelled.appointments.filter((appointment) => appointment.status !== 'held' && wantsWhatsapp(appointment));
  if (wanting.length === 0) return;
  const clinic = await messagingClinicOf(trx, cancelled.userId, services.env);
  if (clinic) await enqueueWhatsapp(trx, wanting.map((appointment) => whatsappNotice('booking_cancelled', appointment, clinic)), services.now);
}
