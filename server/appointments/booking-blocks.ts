import { addDays } from 'date-fns';
import type { Kysely } from 'kysely';
import { blockBookingSubjects, isAnyBookingSubjectBlocked } from '../../db/repositories/booking-blocks';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { emailIdentity } from '../../domain/email-identity';
import { rateLimitClient } from '../client-network';
import type { Env } from '../env';
import { subjectDigest } from '../rate-limit/rate-limits';

/** How long "Decline as spam" refuses the same e-mail and client address at the clinic. */
export const SPAM_BLOCK_DAYS = 30;

type Secret = Pick<Env, 'sessionSecret'>;

/**
 * The digest of the address a booking came from, kept on the appointment for "Decline as spam":
 * a keyed HMAC of the client as the per-address limits count it (an IPv6 client by its /64), so
 * the table holds no address and nobody without the server's secret can test one against it.
 */
export function clientAddressDigest(env: Secret, ip: string): string {
  return `address:${subjectDigest(env.sessionSecret, `booking-block:${rateLimitClient(ip)}`)}`;
}

/** The digest of the mailbox an e-mail reaches (case, +tags and Gmail's dots folded). */
function emailDigest(env: Secret, email: string): string {
  return `email:${subjectDigest(env.sessionSecret, `booking-block:${emailIdentity(email)}`)}`;
}

/** Whether the clinic refuses bookings from this e-mail or client address (it marked one as spam). */
export function isBookingBlocked(db: Kysely<Database>, env: Secret, booking: { userId: string; email: string; ip: string; now: Date }): Promise<boolean> {
  return isAnyBookingSubjectBlocked(db, booking.userId, [emailDigest(env, booking.email), clientAddressDigest(env, booking.ip)], booking.now);
}

/** Refuses the spam booking's e-mail and client address at the clinic for SPAM_BLOCK_DAYS. */
export function blockSpamOrigin(
  db: Kysely<Database>,
  services: { dialect: DialectName; env: Secret },
  spam: { userId: string; clientEmail: string; clientAddressDigest: string | null; now: Date },
): Promise<void> {
  // An appointment booked before addresses were kept, or erased, refuses what it still has.
  const subjects = [spam.clientEmail && emailDigest(services.env, spam.clientEmail), spam.clientAddressDigest].filter((subject): subject is string => Boolean(subject));
  return blockBookingSubjects(db, services.dialect, { userId: spam.userId, subjectDigests: subjects, expiresAt: addDays(spam.now, SPAM_BLOCK_DAYS) });
}
