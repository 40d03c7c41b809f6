import { addMinutes } from 'date-fns';
import type { Kysely } from 'kysely';
import type { AppointmentDetails } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { findOperatorById } from '../../db/repositories/users';
import { enqueueEmails, type OutboxEmail } from '../../db/repositories/email-outbox';
import type { Database } from '../../db/schema';
import { clinicNameOf, malayOr, type ScreenerConfiguration, shownLogoUrl } from '../../domain/configuration';
import { STAFF_MOVE_MAIL_DELAY_MINUTES } from '../../domain/visitor-changes';
import type { SlotTimes } from '../../domain/slots';
import type { Env } from '../env';
import {
  type AppointmentFacts,
  appointmentAnsweredEmail,
  appointmentCancelledEmail,
  type ClinicAnswer,
  bookingClientEmail,
  bookingHoldEmail,
  bookingOperatorEmail,
  bookingPsychologistEmail,
  type ClinicContactDetails,
  type MailPayment,
  clinicClosedEmail,
  ownChangeEmail,
  visitorChangeEmail,
} from '../mail/booking-emails';
import type { EmailBrand } from '../mail/render-email';
import { manageTokenOf } from './manage-token';
import { mailPaymentOf } from '../payments/own-payment';

type Screener = Pick<
  ScreenerConfiguration,
  'id' | 'appTitle' | 'appTitleMs' | 'companyName' | 'logoUrl' | 'uploadedLogoUrl' | 'primaryColor' | 'companySlug' | 'enableMalayTranslation'
>;

/**
 * The clinic as its mails show it: its name (never the product's, nor the screener's title when
 * it has a company name), in Malay where only the title names it; its logo, uploaded or on the
 * web, absolute as a mail client needs it; its colour; and its contact address (users.email) for
 * replies.
 */
export function brandOfOperator(screener: Screener, contactEmail: string, env: Pick<Env, 'publicUrl'>): EmailBrand {
  const logoUrl = shownLogoUrl(screener);
  return {
    name: clinicNameOf(screener),
    nameMs: screener.companyName ?? malayOr(screener.appTitle, screener.appTitleMs, 'ms'),
    color: screener.primaryColor,
    logoUrl: logoUrl && new URL(logoUrl, `${env.publicUrl}/`).href,
    contactEmail,
  };
}

/** The clinic's screener and the brand of its mails, read in the caller's transaction. */
export async function brandOfClinic(trx: Kysely<Database>, userId: string, env: Pick<Env, 'publicUrl'>): Promise<{ screener: ScreenerConfiguration; brand: EmailBrand }> {
  // Bookings are only ever made through the clinic's configuration, so both exist.
  const screener = (await findConfigurationOfOperator(trx, userId))!;
  const clinic = (await findOperatorById(trx, userId))!;
  return { screener, brand: brandOfOperator(screener, clinic.email, env) };
}

/** The screener the visitor booked on, in their language when the operator offers Malay. */
function screenerUrl(screener: Screener, language: AppointmentDetails['client']['language'], env: Pick<Env, 'publicUrl'>) {
  const prefix = language === 'ms' && screener.enableMalayTranslation ? '/ms' : '';
  return `${env.publicUrl}${prefix}/screener/${encodeURIComponent(screener.companySlug ?? screener.id)}`;
}

/** The visitor's private page, in their language; the token is only ever in their e-mails. */
export function manageUrl(env: Pick<Env, 'publicUrl'>, language: AppointmentDetails['client']['language'], token: string): string {
  return `${env.publicUrl}${language === 'ms' ? '/ms' : ''}/appointments/manage/${token}`;
}

/** The one mail of a new hold: the visitor confirms that the request is theirs. */
export function holdEmail(
  hold: { facts: AppointmentFacts; screener: Screener; operatorEmail: string; manageToken: string },
  services: { env: Pick<Env, 'publicUrl'> },
): OutboxEmail {
  const brand = brandOfOperator(hold.screener, hold.operatorEmail, services.env);
  return { kind: 'booking-hold', to: hold.facts.client.email, appointmentId: hold.facts.id, ...bookingHoldEmail(hold.facts, brand, manageUrl(services.env, hold.facts.client.language, hold.manageToken)) };
}

/**
 * The three mails of a new booking. The booking queues them in its transaction: they exist
 * exactly when the booking committed, and the worker sends them afterwards (decision 0007).
 */
export function bookingEmails(
  booking: { facts: AppointmentFacts; screener: Screener; operatorEmail: string; payment?: MailPayment | null },
  services: { env: Pick<Env, 'publicUrl' | 'sessionSecret'>; now: Date },
): OutboxEmail[] {
  const { facts, screener } = booking;
  const brand = brandOfOperator(screener, booking.operatorEmail, services.env);
  const link = manageUrl(services.env, facts.client.language, manageTokenOf(services.env, facts.id));
  return [
    { kind: 'booking-client', to: facts.client.email, appointmentId: facts.id, ...bookingClientEmail(facts, brand, services.now, link, booking.payment) },
    { kind: 'booking-psychologist', to: facts.psychologist.email, appointmentId: facts.id, ...bookingPsychologistEmail(facts, brand) },
    {
      kind: 'booking-operator',
      appointmentId: facts.id,
      to: booking.operatorEmail,
      ...bookingOperatorEmail(facts, brand, `${services.env.publicUrl}/admin-setup`),
    },
  ];
}

/**
 * A paid booking's payment as its ending's mail tells it: read after the ending's refund was
 * written down in the same transaction, so it says what comes back; null for one paid at the clinic.
 */
const endedPayment = (trx: Kysely<Database>, userId: string, facts: AppointmentFacts, now: Date) =>
  mailPaymentOf(trx, { ...facts, userId }, now);

/**
 * Tells each client, in their language, that the operator cancelled their appointment, with the
 * calendar entry that removes it, and what came back of a payment. Call it in the transaction
 * that cancels or deletes them, like the booking mails, with the appointments as read before the
 * change, after their refunds were written down and before their rows go.
 */
export async function enqueueCancellationEmails(
  trx: Kysely<Database>,
  cancelled: { userId: string; appointments: AppointmentFacts[] },
  services: { env: Pick<Env, 'publicUrl'>; now: Date },
): Promise<void> {
  if (cancelled.appointments.length === 0) return;
  const { screener, brand } = await brandOfClinic(trx, cancelled.userId, services.env);
  const mails: OutboxEmail[] = [];
  for (const before of cancelled.appointments) {
    const facts = { ...before, status: 'cancelled' as const, revision: before.revision + 1 };
    const rebookUrl = screenerUrl(screener, facts.client.language, services.env);
    const payment = await endedPayment(trx, cancelled.userId, facts, services.now);
    mails.push({ kind: 'appointment-cancelled', to: facts.client.email, appointmentId: facts.id, ...appointmentCancelledEmail(facts, brand, rebookUrl, services.now, payment) });
  }
  await enqueueEmails(trx, mails, services.now);
}

/**
 * Tells each visitor, in their language, that their appointment is cancelled because the clinic
 * closed its account: the calendar entry that removes it (METHOD:CANCEL, a higher SEQUENCE), how
 * to reach the clinic, the crisis lines, and what came back of a payment. Rendered before the
 * clinic's rows go, queued after (the deletion takes the clinic's mails along), in the same
 * transaction. Not tied to the appointment: there is none left to withdraw them for.
 */
export async function clinicClosedEmails(
  trx: Kysely<Database>,
  closing: { userId: string; screener: Screener; clinic: ClinicContactDetails; appointments: AppointmentFacts[] },
  services: { env: Pick<Env, 'publicUrl'>; now: Date },
): Promise<OutboxEmail[]> {
  const brand = brandOfOperator(closing.screener, closing.clinic.email, services.env);
  const mails: OutboxEmail[] = [];
  for (const before of closing.appointments) {
    const facts = { ...before, status: 'cancelled' as const, revision: before.revision + 1 };
    const payment = await endedPayment(trx, closing.userId, facts, services.now);
    mails.push({ kind: 'clinic-closed', to: facts.client.email, ...clinicClosedEmail(facts, brand, closing.clinic, services.now, payment) });
  }
  return mails;
}

/**
 * The mails of a change the visitor made through their link (`facts` as they now stand): theirs
 * with the calendar updated, and the psychologist's and the clinic's when the booking had
 * reached them (not for a hold). The staff's mails replace those of an earlier change still
 * unsent; a move's wait STAFF_MOVE_MAIL_DELAY_MINUTES first, so moves in quick succession reach
 * the staff as one mail naming the latest time, and a cancel soon after a move as the cancel alone.
 */
export async function enqueueVisitorChangeEmails(
  trx: Kysely<Database>,
  changed: { userId: string; facts: AppointmentFacts; operatorEmail: string; clinicKnows: boolean; movedFrom?: SlotTimes; payment?: MailPayment | null },
  services: { env: Pick<Env, 'publicUrl' | 'sessionSecret'>; now: Date },
): Promise<void> {
  const { brand } = await brandOfClinic(trx, changed.userId, services.env);
  const { facts } = changed;
  const link = manageUrl(services.env, facts.client.language, manageTokenOf(services.env, facts.id));
  const kind = facts.status === 'cancelled' ? 'visitor-cancelled' : 'visitor-rescheduled';
  const about = { kind, appointmentId: facts.id };
  const mails: OutboxEmail[] = [{ ...about, to: facts.client.email, ...ownChangeEmail(facts, brand, { manageUrl: link, now: services.now, movedFrom: changed.movedFrom, payment: changed.payment }) }];
  if (changed.clinicKnows) {
    const staffMail = {
      ...about,
      ...visitorChangeEmail(facts, brand, changed.movedFrom),
      coalesceKey: `visitor-change:${facts.id}`,
      notBefore: kind === 'visitor-rescheduled' ? addMinutes(services.now, STAFF_MOVE_MAIL_DELAY_MINUTES) : undefined,
    };
    mails.push({ ...staffMail, to: facts.psychologist.email }, { ...staffMail, to: changed.operatorEmail });
  }
  await enqueueEmails(trx, mails, services.now);
}

/** Tells the visitor, in their language, that the clinic moved their appointment: the new time and the one it left, with their private link. */
export async function enqueueClinicMoveEmail(
  trx: Kysely<Database>,
  moved: { userId: string; facts: AppointmentFacts; movedFrom: SlotTimes },
  services: { env: Pick<Env, 'publicUrl' | 'sessionSecret'>; now: Date },
): Promise<void> {
  const { brand } = await brandOfClinic(trx, moved.userId, services.env);
  const { facts } = moved;
  const link = manageUrl(services.env, facts.client.language, manageTokenOf(services.env, facts.id));
  const email = ownChangeEmail(facts, brand, { manageUrl: link, now: services.now, movedFrom: moved.movedFrom });
  await enqueueEmails(trx, [{ kind: 'clinic-rescheduled', to: facts.client.email, appointmentId: facts.id, ...email }], services.now);
}

/** Tells the visitor, in their language, how the clinic answered (`facts` as they now stand); with their private link. */
export async function enqueueAnsweredEmail(
  trx: Kysely<Database>,
  answered: { userId: string; facts: AppointmentFacts; status: ClinicAnswer; message?: string },
  services: { env: Pick<Env, 'publicUrl' | 'sessionSecret'>; now: Date },
): Promise<void> {
  const { brand } = await brandOfClinic(trx, answered.userId, services.env);
  const { facts } = answered;
  const link = manageUrl(services.env, facts.client.language, manageTokenOf(services.env, facts.id));
  const ends = answered.status === 'declined' || answered.status === 'no_show';
  const email = appointmentAnsweredEmail(facts, brand, {
    status: answered.status,
    message: answered.message,
    manageUrl: link,
    now: services.now,
    payment: ends ? await endedPayment(trx, answered.userId, facts, services.now) : null,
  });
  const kind = `appointment-${answered.status.replace('_', '-')}`;
  await enqueueEmails(trx, [{ kind, to: facts.client.email, appointmentId: facts.id, ...email }], services.now);
}
