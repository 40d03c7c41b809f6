import { subDays } from 'date-fns';
import { z } from 'zod';
import { calendarEntriesOf } from '../../db/repositories/appointments';
import { findClosedLink } from '../../db/repositories/closed-links';
import { findPsychologistByCalendarTokenHash } from '../../db/repositories/psychologists';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';
import { appointmentEvent, type CalendarEvent, calendarFile } from '../mail/ics';
import { translationsFor } from '../translations';

/**
 * GET /api/calendar/{token}.ics. Any text is a token here: one that is not a psychologist's,
 * malformed ones included, answers the same 404, so the answer tells nothing but "not this";
 * except the link of a clinic that closed its account, which answers an empty calendar for a
 * while (docs/decisions/0042).
 */
export const ZCalendarFeedRequest = z.object({ token: z.string() });

/** The iCalendar text (RFC 5545); REST sends it as text/calendar. */
export const ZCalendarFeedResponse = z.string();

/** What newSecretToken makes: 32 bytes in base64url. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Booked sessions the psychologist should keep free; holds are not yet the clinic's business. */
const FEED_STATUSES = ['requested', 'confirmed'] as const satisfies readonly AppointmentStatus[];
/** Recent sessions stay visible for a while; older ones drop out of the feed. */
const FEED_PAST_DAYS = 30;
/** More than a busy psychologist's year ahead; bounds the answer. */
const FEED_LIMIT = 2_000;

/**
 * A psychologist's calendar subscription: their requested and confirmed sessions from 30 days
 * ago on, each the same event (UID, SEQUENCE) as the visitor's attachment. Calendar apps sync it
 * to their own servers, so it carries no client's name, e-mail, phone or screening answers
 * (docs/decisions/0022).
 */
export async function calendarFeed(ctx: Pick<RequestContext, 'db' | 'now' | 'locale'>, { token }: { token: string }): Promise<string> {
  if (!TOKEN_SHAPE.test(token)) throw new NotFoundError('calendar');
  const texts = translationsFor(ctx.locale).bookingEmails.psychologistCalendar;
  const psychologist = await findPsychologistByCalendarTokenHash(ctx.db, hashSecretToken(token));
  if (!psychologist) {
    // A calendar app keeps the events it has when a fetch fails: only an empty feed takes the
    // closed clinic's sessions off the psychologist's calendar.
    if ((await findClosedLink(ctx.db, 'calendar', hashSecretToken(token))) === 'clinic-closed') return calendarFile([], { feedName: texts.closedName() });
    throw new NotFoundError('calendar');
  }
  const now = ctx.now();
  const entries = await calendarEntriesOf(ctx.db, psychologist.id, { statuses: FEED_STATUSES, from: subDays(now, FEED_PAST_DAYS), limit: FEED_LIMIT });
  const events = entries.flatMap((entry): CalendarEvent[] => {
    const event = appointmentEvent(entry, now);
    if (!event) return [];
    const requested = entry.status === 'requested';
    const description = `${requested ? texts.requestedDescription() : texts.confirmedDescription()}\n${texts.privacy()}`;
    return [{ ...event, summary: requested ? texts.requested() : texts.confirmed(), description }];
  });
  return calendarFile(events, { feedName: texts.name({ psychologist: psychologist.name }) });
}
