import { addDays } from 'date-fns';
import type { Kysely } from 'kysely';
import { type ClosedLinkKind, type ClosedLinkReason, findClosedLink, rememberClosedLinks } from '../../db/repositories/closed-links';
import type { Database } from '../../db/schema';
import { hashSecretToken } from '../auth/secret-tokens';
import { AppError } from '../errors';

/**
 * How long a closed link still says what happened (docs/decisions/0042): longer than any
 * appointment could lie ahead (the booking window is 30 days) and than a calendar app stays
 * offline, short enough that the table holds only recent endings. The daily purge forgets it then.
 */
export const CLOSED_LINK_DAYS = 90;

/** Remembers, in the caller's transaction, why these links close. No personal data: token hashes only. */
export function closeLinks(db: Kysely<Database>, closed: { tokenHashes: readonly string[]; kind: ClosedLinkKind; reason: ClosedLinkReason }, now: Date): Promise<void> {
  return rememberClosedLinks(db, { ...closed, expiresAt: addDays(now, CLOSED_LINK_DAYS) });
}

/**
 * A visitor's link whose appointment is gone answers 410 with what happened, in their language;
 * any other unknown link falls through to the caller's 404.
 */
export async function refuseClosedAppointmentLink(db: Kysely<Database>, token: string): Promise<void> {
  const reason = await findClosedLink(db, 'appointment', hashSecretToken(token));
  if (reason === 'clinic-closed') throw new AppError('GONE', (t) => t.booking.manageClosedByClinic());
  if (reason === 'visitor-erased') throw new AppError('GONE', (t) => t.booking.manageErasedByVisitor());
}
