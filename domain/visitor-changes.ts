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

/** Whether the visitor may still move a booking they have moved `moves` times. */
export function mayMoveAgain(moves: number): boolean {
  return moves < MAX_VISITOR_MOVES;
}
