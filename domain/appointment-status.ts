/**
 * An appointment's life (issue 13): a hold waits for the visitor to confirm their e-mail, a
 * request for the clinic's answer; a confirmed appointment ends completed, as a no-show or
 * cancelled. Declined, expired and cancelled appointments free their slot at once.
 */
export const APPOINTMENT_STATUSES = ['held', 'requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Who changed a status: the visitor through their link, the clinic, or the server's own jobs. */
export type AppointmentActor = 'visitor' | 'clinic' | 'system';

/** Statuses in which the appointment keeps its slot from everyone else. */
export const SLOT_HOLDING_STATUSES = ['held', 'requested', 'confirmed'] as const satisfies readonly AppointmentStatus[];

const NEXT_STATUSES: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  held: ['requested', 'confirmed', 'expired', 'cancelled'],
  requested: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['cancelled', 'completed', 'no_show'],
  declined: [],
  expired: [],
  cancelled: [],
  completed: [],
  no_show: [],
};

export function canMove(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** The statuses from which `to` may be reached, for a guarded update. */
export function statusesBefore(to: AppointmentStatus): AppointmentStatus[] {
  return APPOINTMENT_STATUSES.filter((from) => canMove(from, to));
}

export function holdsSlot(status: AppointmentStatus): boolean {
  return (SLOT_HOLDING_STATUSES as readonly AppointmentStatus[]).includes(status);
}

/** How long an unconfirmed booking keeps its slot. */
export const HOLD_MINUTES = 30;
/** How often a page asks where a paid hold stands while Stripe's webhook is awaited. */
export const STATUS_POLL_MS = 4000;
/**
 * Unanswered bookings (live holds and requests) one client may have at one clinic at once
 * (docs/decisions/0037): per e-mail mailbox (domain/email-identity.ts), per address, and per
 * /24 or /48 network, so no one client can take more than a few of a clinic's slots, while
 * nothing counts the clinic as a whole: strangers cannot refuse its real visitors.
 */
export const MAX_OPEN_HOLDS_PER_EMAIL = 2;
/** Per address (an IPv6 client by its /64): a family booking together behind one router. */
export const MAX_OPEN_HOLDS_PER_ADDRESS = 4;
/** Per /24 or /48: a waiting room, an office or a campus behind one provider's block. */
export const MAX_OPEN_HOLDS_PER_NETWORK = 10;

/** Where a booking starts: a hold while the clinic asks visitors to confirm their e-mail. */
export function initialStatus(clinic: { confirmVisitorEmail: boolean; autoConfirmRequests: boolean }): AppointmentStatus {
  if (clinic.confirmVisitorEmail) return 'held';
  return clinic.autoConfirmRequests ? 'confirmed' : 'requested';
}

/**
 * Where a hold goes once the visitor confirms their e-mail: confirmed where the clinic chose
 * automatic confirmation and a free booking is left to count it, otherwise a request that the
 * clinic answers (docs/decisions/0038).
 */
export function statusAfterEmailConfirmed(clinic: { autoConfirmRequests: boolean; subscriptionRequired: boolean }): AppointmentStatus {
  return clinic.autoConfirmRequests && !clinic.subscriptionRequired ? 'confirmed' : 'requested';
}

/**
 * Where "Decline as spam" may start: a request, or a booking confirmed automatically that the
 * clinic now sees is not genuine. It ends declined, like any decline.
 */
export const SPAM_MARKABLE_STATUSES = ['requested', 'confirmed'] as const satisfies readonly AppointmentStatus[];

/**
 * An appointment's changes in the order they happened. Each is stamped when its request began,
 * so of two racing requests the later-committed one can carry the earlier time; the statuses
 * tell the real order, each change leaving the status the one before reached.
 */
export function inChainOrder<Change extends { from: AppointmentStatus | null; to: AppointmentStatus }>(byTime: readonly Change[]): Change[] {
  const left = [...byTime];
  const ordered: Change[] = [];
  let current: AppointmentStatus | null = null;
  while (left.length > 0) {
    const next = Math.max(
      left.findIndex((change) => change.from === current),
      0,
    );
    const [change] = left.splice(next, 1);
    ordered.push(change!);
    current = change!.to;
  }
  return ordered;
}
