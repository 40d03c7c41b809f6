import type { Kysely } from 'kysely';
import type { AppointmentDetails } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmails, type OutboxEmail } from '../../db/repositories/email-outbox';
import type { Database } from '../../db/schema';
import type { ScreenerConfiguration } from '../../domain/configuration';
import type { Env } from '../env';
import {
  type AppointmentFacts,
  appointmentCancelledEmail,
  bookingClientEmail,
  bookingOperatorEmail,
  bookingPsychologistEmail,
} from '../mail/booking-emails';
import type { EmailBrand } from '../mail/render-email';

type Screener = Pick<ScreenerConfiguration, 'id' | 'appTitle' | 'logoUrl' | 'companySlug' | 'enableMalayTranslation'>;

/** The operator's title and logo; a logo on this site ('/demo-logo.svg') is made absolute. */
function brandOf(screener: Screener, env: Pick<Env, 'publicUrl'>): EmailBrand {
  return {
    name: screener.appTitle,
    logoUrl: screener.logoUrl && new URL(screener.logoUrl, `${env.publicUrl}/`).href,
  };
}

/** The screener the visitor booked on, in their language when the operator offers Malay. */
function screenerUrl(screener: Screener, language: AppointmentDetails['client']['language'], env: Pick<Env, 'publicUrl'>) {
  const prefix = language === 'ms' && screener.enableMalayTranslation ? '/ms' : '';
  return `${env.publicUrl}${prefix}/screener/${encodeURIComponent(screener.companySlug ?? screener.id)}`;
}

/**
 * The three mails of a new booking. The booking queues them in its transaction: they exist
 * exactly when the booking committed, and the worker sends them afterwards (decision 0007).
 */
export function bookingEmails(
  booking: { facts: AppointmentFacts; screener: Screener; operatorEmail: string },
  services: { env: Pick<Env, 'publicUrl'>; now: Date },
): OutboxEmail[] {
  const { facts, screener } = booking;
  const brand = brandOf(screener, services.env);
  return [
    { kind: 'booking-client', to: facts.client.email, ...bookingClientEmail(facts, brand, services.now) },
    { kind: 'booking-psychologist', to: facts.psychologist.email, ...bookingPsychologistEmail(facts, brand) },
    {
      kind: 'booking-operator',
      to: booking.operatorEmail,
      ...bookingOperatorEmail(facts, brand, `${services.env.publicUrl}/admin-setup`),
    },
  ];
}

/**
 * Tells each client, in their language, that the operator cancelled their appointment. Call
 * it in the transaction that cancels or deletes them, like the booking mails.
 */
export async function enqueueCancellationEmails(
  trx: Kysely<Database>,
  cancelled: { userId: string; appointments: AppointmentFacts[] },
  services: { env: Pick<Env, 'publicUrl'>; now: Date },
): Promise<void> {
  if (cancelled.appointments.length === 0) return;
  // Bookings are only ever made through the operator's configuration, so it exists.
  const screener = (await findConfigurationOfOperator(trx, cancelled.userId))!;
  const brand = brandOf(screener, services.env);
  const mails = cancelled.appointments.map((facts): OutboxEmail => {
    const rebookUrl = screenerUrl(screener, facts.client.language, services.env);
    return { kind: 'appointment-cancelled', to: facts.client.email, ...appointmentCancelledEmail(facts, brand, rebookUrl) };
  });
  await enqueueEmails(trx, mails, services.now);
}
