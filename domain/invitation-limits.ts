/**
 * How often one clinic may mail people outside it (issue 24, docs/decisions/0039): an
 * invitation is a mail from our domain to an address the clinic typed, so each is bounded.
 */
export const INVITATION_LIMITS = {
  /** A resend waits this long after the invitation's last mail. */
  resendGapMinutes: 10,
  /** Resends of one invitation; then the owner revokes it and invites again, which counts as new. */
  maxResends: 3,
  /** New invitations per clinic per day (a fixed UTC day, as the rate limits count). */
  newPerDay: 20,
} as const;

export type ResendRefusal = 'tooSoon' | 'tooMany';

/** Why an invitation may not be mailed again now, if it may not. */
export function resendRefusal(history: { lastSentAt: Date; resends: number }, now: Date): ResendRefusal | undefined {
  if (history.resends >= INVITATION_LIMITS.maxResends) return 'tooMany';
  if (now.getTime() - history.lastSentAt.getTime() < INVITATION_LIMITS.resendGapMinutes * 60_000) return 'tooSoon';
  return undefined;
}

/** Whole minutes until a resend is allowed again (at least 1), for the refusal's sentence. */
export function minutesUntilResend(lastSentAt: Date, now: Date): number {
  const waitMs = lastSentAt.getTime() + INVITATION_LIMITS.resendGapMinutes * 60_000 - now.getTime();
  return Math.max(1, Math.ceil(waitMs / 60_000));
}
