import { HOUR_MS } from './time';

/**
 * What a visitor may change through their private link without flooding anyone (issue 24,
 * docs/decisions/0038). Each move mails the visitor, the psychologist and the clinic and tells the
 * clinic's webhooks, so the link's reach is bounded by how often it may move a booking.
 */

/** Moves a visitor may make of one booking; after that the link says to contact the clinic. */
export const MAX_VISITOR_MOVES = 3;

/**
 * How long the staff's mail of a visitor's move waits before it is sent: a later move within
 * this time replaces it, so moves in quick succession reach the psychologist and the clinic as
 * one mail that names the latest time.
 */
export const STAFF_MOVE_MAIL_DELAY_MINUTES = 10;

/** The most a visitor's reason for cancelling may hold: a few sentences, as its column allows. */
export const MAX_CANCEL_REASON_LENGTH = 500;

/** Whether the visitor may still move a booking they have moved `moves` times. */
export function mayMoveAgain(moves: number): boolean {
  return moves < MAX_VISITOR_MOVES;
}

/**
 * Whether the cancellation policy lets a visitor move their booking to a time starting at
 * `start`: it must leave the whole notice ahead, as the booking had to, so a move never lands
 * where the visitor could no longer change it (decision 0050). The current time is no move.
 */
export function mayMoveTo(start: Date, policy: { now: Date; noticeHours: number; currentStart: Date }): boolean {
  return start.getTime() !== policy.currentStart.getTime() && start.getTime() >= policy.now.getTime() + policy.noticeHours * HOUR_MS;
}

/** The free times the manage page offers to move to: only those the policy allows, in the order given. */
export function timesToMoveTo<Slot extends { startUtc: Date | string }>(slots: readonly Slot[], policy: Parameters<typeof mayMoveTo>[1]): Slot[] {
  return slots.filter((slot) => mayMoveTo(new Date(slot.startUtc), policy));
}
