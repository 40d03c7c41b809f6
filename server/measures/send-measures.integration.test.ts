import { addDays, addHours, addMinutes } from 'date-fns';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { MeasureSchedule } from '../../domain/measure-schedule';
import { manageTokenOf } from '../appointments/manage-token';
import { hashSecretToken } from '../auth/secret-tokens';
import { hoursFromNow, postBooking } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';
import { duePlansAfter } from '../../db/repositories/measures';
import { remindOfMeasures, sendDueMeasures } from './send-measures';
import { enrolledClient } from './testing/enrolled-client';

/**
 * Sending repeat measures on their schedules, with a fake clock, exactly once however many runs
 * race; the reminder once after the clinic's days; nothing after a withdrawal (issue 30).
 */
describe.each(TEST_DIALECTS)('sending repeat measures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => new Date();
  });

  const at = (moment: Date) => {
    t.services.now = () => moment;
  };
  /** Every run of the job at once, as several processes would: the measures sent in all. */
  const race = async (moment: Date, runs = 3) => {
    at(moment);
    const sent = await Promise.all(Array.from({ length: runs }, () => sendDueMeasures(t.services)));
    return sent.reduce((sum, count) => sum + count, 0);
  };

  /** A client whose session is `sessionIn` hours ahead, enrolled now by the owner on `schedule`. */
  async function enrolled(schedule: MeasureSchedule, options: { sessionIn?: number; language?: 'en' | 'ms' } = {}) {
    const db = t.services.db;
    const { screener, request, appointmentId, enrolledAt } = await enrolledClient(t, schedule, { sessionIn: options.sessionIn, booking: { clientLanguage: options.language ?? 'en' } });
    const measures = () =>
      db.selectFrom('measures').select(['occasion', 'session_appointment_id', 'token_hash', 'reminded_at', 'language']).where('user_id', '=', screener.userId).orderBy('sent_at').execute();
    const mails = async (kind: string) => (await outboxEmailsTo(db, request.clientEmail)).filter((mail) => mail.kind === kind);
    return { screener, appointmentId, enrolledAt, measures, mails, request };
  }

  it('sends a session’s measure 24 hours before it, once however many runs race, its mail carrying only the link', async () => {
    const { appointmentId, enrolledAt, measures, mails } = await enrolled('every_session');
    expect(await race(enrolledAt)).toBe(0);
    expect(await race(addMinutes(addHours(enrolledAt, 48), -5))).toBe(0);
    expect(await race(addMinutes(addHours(enrolledAt, 48), 1))).toBe(1);
    expect(await race(addHours(enrolledAt, 50))).toBe(0);

    const [measure, ...others] = await measures();
    expect(others).toEqual([]);
    expect(measure).toMatchObject({ occasion: `session:${appointmentId}`, session_appointment_id: appointmentId, language: 'en' });
    const [mail, ...moreMails] = await mails('measure');
    expect(moreMails).toEqual([]);
    expect(mail!.subject).toBe('A short questionnaire before your next session');
    const token = /\/measure\/([\w-]+)/.exec(mail!.text)![1]!;
    expect(hashSecretToken(token)).toBe(measure!.token_hash);
    // Neither the instrument nor any score or name of its results travels by mail. The random token is
    // left out of the check: a base64url token spells "gad" or "dass" now and then.
    expect(mail!.text.replace(token, '<token>')).not.toMatch(/PHQ|GAD|DASS|depress|anxi|score/i);
  });

  it('sends the `once` measure at enrolment and never again; in the client’s language', async () => {
    const { enrolledAt, measures, mails } = await enrolled('once', { language: 'ms' });
    expect(await race(enrolledAt)).toBe(1);
    expect(await race(addDays(enrolledAt, 20))).toBe(0);
    expect((await measures()).map((measure) => [measure.occasion, measure.language])).toEqual([['once', 'ms']]);
    const [mail] = await mails('measure');
    expect(mail!.subject).toBe('Soal selidik ringkas sebelum sesi anda yang seterusnya');
    expect(mail!.text).toMatch(/\/ms\/measure\/[\w-]+/);
  });

  it('sends every 2 weeks from enrolment, one per fortnight even after an outage', async () => {
    const { enrolledAt, measures } = await enrolled('every_2_weeks');
    expect(await race(addDays(enrolledAt, 13))).toBe(0);
    expect(await race(addDays(enrolledAt, 14))).toBe(1);
    expect(await race(addDays(enrolledAt, 15))).toBe(0);
    // Down from day 27 to day 44: one measure goes, for the fortnight it is sent in.
    expect(await race(addDays(enrolledAt, 44))).toBe(1);
    expect(await race(addDays(enrolledAt, 45))).toBe(0);
    expect((await measures()).map((measure) => measure.occasion)).toEqual(['fortnight:1', 'fortnight:3']);
  });

  it('sends before every other session, counting the client’s bookings by their e-mail', async () => {
    const { screener, enrolledAt, measures, request } = await enrolled('every_other_session');
    const later = async (hours: number) => {
      const booked = await postBooking(t, { ...request, slotId: await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours)) });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      return booked.body.appointmentId as string;
    };
    const second = await later(24 * 7);
    const third = await later(24 * 14);
    expect(await race(addDays(enrolledAt, 2))).toBe(1);
    // The second session is skipped; the third is measured a day before it.
    expect(await race(addDays(enrolledAt, 6))).toBe(0);
    expect(await race(addHours(addDays(enrolledAt, 13), 1))).toBe(1);
    const occasions = (await measures()).map((measure) => measure.occasion);
    expect(occasions.at(-1)).toBe(`session:${third}`);
    expect(occasions).not.toContain(`session:${second}`);
  });

  it('reminds once after the clinic’s reminder days, with the same link; never after withdrawal', async () => {
    const { screener, enrolledAt, mails, measures, request } = await enrolled('once');
    await t.services.db.updateTable('users').set({ measure_reminder_days: 1 }).where('id', '=', screener.userId).execute();
    expect(await race(enrolledAt)).toBe(1);
    const remind = async (moment: Date) => {
      at(moment);
      const runs = await Promise.all([remindOfMeasures(t.services), remindOfMeasures(t.services), remindOfMeasures(t.services)]);
      return runs.reduce((sum, count) => sum + count, 0);
    };
    expect(await remind(addHours(enrolledAt, 23))).toBe(0);
    expect(await remind(addHours(enrolledAt, 25))).toBe(1);
    expect(await remind(addHours(enrolledAt, 30))).toBe(0);
    const [first] = await mails('measure');
    const [reminder, ...more] = await mails('measure-reminder');
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe('A reminder: your questionnaire is waiting');
    const link = (text: string) => /\/measure\/[\w-]+/.exec(text)![0];
    expect(link(reminder!.text)).toBe(link(first!.text));
    expect((await measures())[0]!.reminded_at).not.toBeNull();

    // A withdrawn plan sends nothing more.
    const other = await enrolled('every_2_weeks');
    at(other.enrolledAt);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, other.appointmentId)}/withdraw-measures`, headers: { origin: t.services.env.publicUrl } });
    expect(withdrawn.statusCode).toBe(200);
    expect(await race(addDays(other.enrolledAt, 14))).toBe(0);
    expect(await other.measures()).toEqual([]);
    expect(request.clientEmail).not.toBe(other.request.clientEmail);
  });

  it('reads only the plans with something due, not every open plan, however many are open', async () => {
    const fortnightly = await enrolled('every_2_weeks');
    const beforeSessions = await enrolled('every_session', { sessionIn: 72 });
    const planOf = async (appointmentId: string) =>
      (await t.services.db.selectFrom('measure_plans').select('id').where('appointment_id', '=', appointmentId).executeTakeFirstOrThrow()).id;
    const ours = [await planOf(fortnightly.appointmentId), await planOf(beforeSessions.appointmentId)];
    const read = async (moment: Date) => (await duePlansAfter(t.services.db, moment, '', 1000)).map((plan) => plan.id).filter((id) => ours.includes(id));
    const start = beforeSessions.enrolledAt;
    // Just enrolled, the fortnightly plan is looked at once, and learns it is due in 14 days.
    expect(await race(start)).toBe(0);
    expect(await read(start)).toEqual([]);
    expect(await read(addHours(start, 47))).toEqual([]);
    // Within a day of the session, the session plan alone; once measured for it, neither.
    expect(await read(addHours(start, 49))).toEqual([ours[1]]);
    expect(await race(addHours(start, 49))).toBe(1);
    expect(await read(addHours(start, 50))).toEqual([]);
    // The fortnight's day, the fortnightly one, until its measure is sent.
    expect(await read(addDays(fortnightly.enrolledAt, 14))).toEqual([ours[0]]);
    expect(await race(addDays(fortnightly.enrolledAt, 14))).toBe(1);
    expect(await read(addDays(fortnightly.enrolledAt, 15))).toEqual([]);
    expect(await read(addDays(fortnightly.enrolledAt, 28))).toEqual([ours[0]]);
  });
});
