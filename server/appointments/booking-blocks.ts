import { addDays } from 'date-fns';
import type { Kysely } from 'kysely';
import { blockBookingSubjects, isAnyBookingSubjectBlocked } from '../../db/repositories/booking-blocks';
import type { ClientKeys } from '../../db/repositories/appointments';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';

/** How long "Decline as spam" refuses the same e-mail and client address at the clinic. */
export const SPAM_BLOCK_DAYS = 30;

/**
 * What a spam mark refuses: the keyed digests a booking keeps of its mailbox (case, +tags and
 * Gmail's dots folded) and of its client address (an IPv6 client by its /64), the same that bound
 * one client's open holds (client-keys.ts). The table holds no address and no e-mail.
 */
const blockedSubjects = (keys: Pick<ClientKeys, 'emailKey' | 'addressKey'>) => [`email:${keys.emailKey}`, `address:${keys.addressKey}`];

/** Whether the clinic refuses bookings from this e-mail or client address (it marked one as spam). */
export function isBookingBlocked(db: Kysely<Database>, booking: { userId: string; keys: ClientKeys; now: Date }): Promise<boolean> {
  return isAnyBookingSubjectBlocked(db, booking.userId, blockedSubjects(booking.keys), booking.now);
}

/** Refuses the spam booking's e-mail and client address at the clinic for SPAM_BLOCK_DAYS. */
export function blockSpamOrigin(
  db: Kysely<Database>,
  services: { dialect: DialectName },
  spam: { userId: string; emailKey: string | null; addressKey: string | null; now: Date },
): Promise<void> {
  // An appointment booked before the keys were kept, or erased, refuses what it still has.
  const subjects = [spam.emailKey && `email:${spam.emailKey}`, spam.addressKey && `address:${spam.addressKey}`].filter((subject): subject is string => Boolean(subject));
  return blockBookingSubjects(db, services.dialect, { userId: spam.userId, subjectDigests: subjects, expiresAt: addDays(spam.now, SPAM_BLOCK_DAYS) });
}
