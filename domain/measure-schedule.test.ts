import { describe, expect, it } from 'vitest';
import { type ClientSession, followsSessions, type MeasurePlanTiming, type MeasureSchedule, nextMeasureDue, type SentMeasure } from './measure-schedule';

const enrolledAt = new Date('2030-03-04T02:00:00Z');
const hours = (n: number) => new Date(enrolledAt.getTime() + n * 3_600_000);
const days = (n: number) => hours(n * 24);
const plan = (schedule: MeasureSchedule, withdrawnAt: Date | null = null): MeasurePlanTiming => ({ schedule, enrolledAt, withdrawnAt });
const session = (appointmentId: string, startsAt: Date): ClientSession => ({ appointmentId, startsAt });
const sentFor = (measured: ClientSession): SentMeasure => ({ sentAt: new Date(measured.startsAt.getTime() - 24 * 3_600_000), session: measured });
const sentOn = (sentAt: Date): SentMeasure => ({ sentAt, session: null });

/** Weekly sessions from a week after enrolment. */
const weekly = [1, 2, 3, 4, 5].map((week) => session(`s${week}`, days(7 * week)));

describe('the next measure of a plan', () => {
  it('sends nothing more once consent is withdrawn, whatever the schedule', () => {
    for (const schedule of ['every_session', 'every_other_session', 'every_2_weeks', 'once'] as const) {
      expect(nextMeasureDue(plan(schedule, days(1)), weekly, [], enrolledAt)).toBeNull();
    }
  });

  describe('once', () => {
    it('is due at enrolment, and never again once sent', () => {
      expect(nextMeasureDue(plan('once'), weekly, [], enrolledAt)).toEqual({ dueAt: enrolledAt, session: null });
      expect(nextMeasureDue(plan('once'), weekly, [sentOn(enrolledAt)], days(30))).toBeNull();
    });
  });

  describe('every 2 weeks', () => {
    it('is due 14 days after enrolment at its time of day, then every 14 days', () => {
      expect(nextMeasureDue(plan('every_2_weeks'), [], [], enrolledAt)).toEqual({ dueAt: days(14), session: null });
      expect(nextMeasureDue(plan('every_2_weeks'), [], [sentOn(days(14))], days(14))).toEqual({ dueAt: days(28), session: null });
    });

    it('counts a measure sent late for the period it was sent in: an outage sends one, not a burst', () => {
      // Sent 5 weeks in (period 2, days 28-41): the next is day 42, not day 28.
      expect(nextMeasureDue(plan('every_2_weeks'), [], [sentOn(days(35))], days(35))).toEqual({ dueAt: days(42), session: null });
      // A millisecond before day 28 is still the period from day 14.
      expect(nextMeasureDue(plan('every_2_weeks'), [], [sentOn(new Date(days(28).getTime() - 1))], days(28))).toEqual({ dueAt: days(28), session: null });
    });
  });

  describe('before every session', () => {
    it('is due 24 hours before the first session', () => {
      expect(nextMeasureDue(plan('every_session'), weekly, [], enrolledAt)).toEqual({ dueAt: days(6), session: weekly[0] });
    });

    it('skips a session less than 24 hours after enrolment, and takes one exactly 24 hours after', () => {
      const tooSoon = session('soon', hours(23.99));
      const justInTime = session('in-time', hours(24));
      expect(nextMeasureDue(plan('every_session'), [tooSoon, ...weekly], [], enrolledAt)?.session).toEqual(weekly[0]);
      expect(nextMeasureDue(plan('every_session'), [justInTime, ...weekly], [], enrolledAt)).toEqual({ dueAt: enrolledAt, session: justInTime });
    });

    it('then measures the next session after the last measured one, whatever order the sessions come in', () => {
      const shuffled = [weekly[2]!, weekly[0]!, weekly[1]!];
      expect(nextMeasureDue(plan('every_session'), shuffled, [sentFor(weekly[0]!)], days(6))).toEqual({ dueAt: days(13), session: weekly[1] });
    });

    it('does not measure a session again when it was moved later', () => {
      const moved = session('s1', days(9));
      expect(nextMeasureDue(plan('every_session'), [moved, weekly[1]!], [sentFor(weekly[0]!)], days(6))?.session).toEqual(weekly[1]);
    });

    it('gives a session that has begun up for the next; one not yet begun is still due, late', () => {
      const first = weekly[0]!;
      expect(nextMeasureDue(plan('every_session'), weekly, [], new Date(first.startsAt.getTime() - 1))).toEqual({ dueAt: days(6), session: first });
      expect(nextMeasureDue(plan('every_session'), weekly, [], first.startsAt)?.session).toEqual(weekly[1]);
    });

    it('has nothing due when no session is booked ahead', () => {
      expect(nextMeasureDue(plan('every_session'), [], [], enrolledAt)).toBeNull();
      expect(nextMeasureDue(plan('every_session'), weekly.slice(0, 1), [sentFor(weekly[0]!)], days(6))).toBeNull();
    });
  });

  describe('before every other session', () => {
    it('measures the first session, then the one after next', () => {
      expect(nextMeasureDue(plan('every_other_session'), weekly, [], enrolledAt)?.session).toEqual(weekly[0]);
      expect(nextMeasureDue(plan('every_other_session'), weekly, [sentFor(weekly[0]!)], days(6))).toEqual({ dueAt: days(20), session: weekly[2] });
      expect(nextMeasureDue(plan('every_other_session'), weekly, [sentFor(weekly[0]!), sentFor(weekly[2]!)], days(20))?.session).toEqual(weekly[4]);
    });

    it('counts the skipped session once it has taken place, and waits for the one after', () => {
      // Only one session booked after the measured one: it is the one skipped.
      expect(nextMeasureDue(plan('every_other_session'), weekly.slice(0, 2), [sentFor(weekly[0]!)], days(6))).toBeNull();
    });

    it('moves to the next session when the one it meant has begun unmeasured', () => {
      expect(nextMeasureDue(plan('every_other_session'), weekly, [sentFor(weekly[0]!)], weekly[2]!.startsAt)?.session).toEqual(weekly[3]);
    });
  });
});

describe('which schedules follow the client’s sessions', () => {
  it('the session schedules do; the fixed ones follow the plan alone', () => {
    expect((['every_session', 'every_other_session', 'every_2_weeks', 'once'] as const).map(followsSessions)).toEqual([true, true, false, false]);
  });
});
