import { subHours } from 'date-fns';

/**
 * When a client enrolled in repeat measures (issue 30) is sent their next one
 * (docs/decisions/0067). Pure: the server reads the plan, the client's sessions and the measures
 * already sent, and sends what this says is due.
 */
export const MEASURE_SCHEDULES = ['every_session', 'every_other_session', 'every_2_weeks', 'once'] as const;
export type MeasureSchedule = (typeof MEASURE_SCHEDULES)[number];

/**
 * The schedules whose measures come before sessions: when they are next due follows the client's
 * bookings, which change without the plan; a fixed schedule's follows from the plan and what it sent.
 */
export function followsSessions(schedule: MeasureSchedule): boolean {
  return schedule === 'every_session' || schedule === 'every_other_session';
}

/** A session-based measure is sent this long before its session (issue 30), as the first reminder is. */
export const HOURS_BEFORE_SESSION = 24;
/** The fixed schedule's period. */
export const FORTNIGHT_DAYS = 14;

export interface MeasurePlanTiming {
  schedule: MeasureSchedule;
  enrolledAt: Date;
  withdrawnAt: Date | null;
}

/** One of the client's sessions: booked or held, never a cancelled or declined one. */
export interface ClientSession {
  appointmentId: string;
  startsAt: Date;
}

/** A measure already sent: for a session (its start then), or on the fixed schedule. */
export interface SentMeasure {
  sentAt: Date;
  session: ClientSession | null;
}

/** The next measure: when to send it, and the session it comes before (none on the fixed schedule). */
export interface DueMeasure {
  dueAt: Date;
  session: ClientSession | null;
}

/**
 * The next measure of a plan, or null when none is to come (withdrawn, `once` already sent, or no
 * session ahead to measure before). `dueAt` may have passed: it is due now.
 * - `once`: at enrolment.
 * - `every_2_weeks`: every 14 days from enrolment, at its time of day. A measure sent late
 *   counts for the period it was sent in, so an outage never sends a burst of catch-up measures.
 * - `every_session`, `every_other_session`: 24 hours before the session. The first is the first
 *   session at least 24 hours after enrolment; then the next session (or the one after next)
 *   starting after the last measured one. A session that has begun is past measuring: the next
 *   one takes its place.
 */
export function nextMeasureDue(plan: MeasurePlanTiming, sessions: readonly ClientSession[], sent: readonly SentMeasure[], now: Date): DueMeasure | null {
  if (plan.withdrawnAt !== null) return null;
  switch (plan.schedule) {
    case 'once':
      return sent.length === 0 ? { dueAt: plan.enrolledAt, session: null } : null;
    case 'every_2_weeks':
      return { dueAt: nextFortnight(plan.enrolledAt, sent), session: null };
    case 'every_session':
      return nextSessionMeasure(plan.enrolledAt, sessions, sent, now, 0);
    case 'every_other_session':
      return nextSessionMeasure(plan.enrolledAt, sessions, sent, now, 1);
  }
}

// In milliseconds, not calendar days: the server's time zone must not move the day (Malaysia
// keeps no daylight saving time, so the clinic's clock time stays the same).
const FORTNIGHT_MS = FORTNIGHT_DAYS * 86_400_000;

function nextFortnight(enrolledAt: Date, sent: readonly SentMeasure[]): Date {
  const latest = Math.max(enrolledAt.getTime(), ...sent.map((measure) => measure.sentAt.getTime()));
  const periodsCovered = Math.floor((latest - enrolledAt.getTime()) / FORTNIGHT_MS);
  return new Date(enrolledAt.getTime() + FORTNIGHT_MS * (periodsCovered + 1));
}

function nextSessionMeasure(
  enrolledAt: Date,
  sessions: readonly ClientSession[],
  sent: readonly SentMeasure[],
  now: Date,
  sessionsSkipped: 0 | 1,
): DueMeasure | null {
  const measured = sent.flatMap((measure) => (measure.session ? [measure.session] : []));
  const measuredIds = new Set(measured.map((session) => session.appointmentId));
  const last = measured.reduce<ClientSession | null>((latest, session) => (latest === null || session.startsAt > latest.startsAt ? session : latest), null);
  const following = [...sessions]
    .filter((session) => !measuredIds.has(session.appointmentId))
    .filter((session) => (last === null ? subHours(session.startsAt, HOURS_BEFORE_SESSION) >= enrolledAt : session.startsAt > last.startsAt))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  // Before the first measure nothing is skipped: the plan starts with a measure.
  const target = following.slice(last === null ? 0 : sessionsSkipped).find((session) => session.startsAt > now);
  return target ? { dueAt: subHours(target.startsAt, HOURS_BEFORE_SESSION), session: target } : null;
}
