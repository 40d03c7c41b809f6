import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersScoring, insertMeasure, insertPlan } from '../../db/testing/measure-rows';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { severityBands } from '../../domain/measure-bands';
import { startTestApp, type TestApp } from '../testing/test-app';
import { measuredClinic } from './testing/measured-clinic';
import type { MeasureRecord } from './view-measure-record';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2030-11-20T03:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/**
 * The client's record of repeat measures (issue 30): each scale's series from the shared
 * screening on, its badges since baseline and since last time with their source, the item
 * answers side by side, the missed measures; every view audited; never the receptionist's, and
 * a colleague's client is a 404.
 */
describe.each(TEST_DIALECTS)('the client’s record of repeat measures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => NOW;
  });
  afterAll(() => t.close());

  /** Dr. Aminah's client shared a combined screening (PHQ-9 18, GAD-7 12), then answered twice, missed once, and has one open. */
  async function measuredClient() {
    const clinic = await measuredClinic(t);
    const db = t.services.db;
    const screening = answersScoring('phq9Gad7', { phq9: 18, gad7: 12 });
    const shared = { testType: 'Combined', results: { whooley: { score: 2, level: 'positive' }, phq9: { score: 18, level: 'moderatelySevere' }, gad7: { score: 12, level: 'moderate' } }, crisisItemAnswered: false, answers: { 1: 1, 2: 1, ...screening.answers } };
    await db.updateTable('appointments').set({ shared_results: JSON.stringify(shared), created_at: daysAgo(60) }).where('id', '=', clinic.appointmentId).execute();
    const plan = { ...(await insertPlan(db, { userId: clinic.userId, appointmentId: clinic.appointmentId, psychologistId: clinic.psychologistId, instruments: 'phq9Gad7', enrolledAt: daysAgo(50) })), userId: clinic.userId };
    const first = await insertMeasure(db, plan, { sentAt: daysAgo(40), answered: { at: daysAgo(39), scores: { phq9: 15, gad7: 10 } } });
    const missed = await insertMeasure(db, plan, { sentAt: daysAgo(26) });
    const latest = await insertMeasure(db, plan, { sentAt: daysAgo(12), answered: { at: daysAgo(11), scores: { phq9: 8, gad7: 9 } } });
    await insertMeasure(db, plan, { sentAt: daysAgo(1) });
    return { ...clinic, first, missed, latest };
  }

  it('shows each scale from the shared screening on, with its badges, the items side by side and the missed measure, and audits the view', async () => {
    const { appointmentId, as, audit, first, missed, latest } = await measuredClient();
    const psychologist = await as('psychologist');
    const record: MeasureRecord = await psychologist.caller.admin.measures.record({ appointmentId });

    expect(record.scales).toEqual([
      {
        scale: 'phq9',
        caseness: 10,
        reliableChange: 6,
        source: 'nhsTalkingTherapies',
        bands: severityBands('phq9'),
        points: [
          { at: daysAgo(60), score: 18, measureId: null },
          { at: daysAgo(39), score: 15, measureId: first },
          { at: daysAgo(11), score: 8, measureId: latest },
        ],
        // 18 -> 8 and 15 -> 8: better by 6 or more, and from 10 or above to below it.
        badges: { sinceBaseline: 'recovery', sinceLast: 'recovery' },
      },
      {
        scale: 'gad7',
        caseness: 8,
        reliableChange: 4,
        source: 'nhsTalkingTherapies',
        bands: severityBands('gad7'),
        points: [
          { at: daysAgo(60), score: 12, measureId: null },
          { at: daysAgo(39), score: 10, measureId: first },
          { at: daysAgo(11), score: 9, measureId: latest },
        ],
        badges: { sinceBaseline: 'noReliableChange', sinceLast: 'noReliableChange' },
      },
    ]);
    expect(record.answered.map((column) => [column.measureId, column.at])).toEqual([
      [null, daysAgo(60)],
      [first, daysAgo(39)],
      [latest, daysAgo(11)],
    ]);
    // The screening's column holds the measure's items only, without the two Whooley questions.
    expect(Object.keys(record.answered[0]!.answers!).map(Number)).toEqual(Array.from({ length: 16 }, (_, index) => index + 3));
    expect(record.answered[2]).toMatchObject({ instruments: 'phq9Gad7', answers: { 3: 3, 4: 3, 5: 2, 6: 0, 12: 3, 13: 3, 14: 3, 15: 0 }, scores: { phq9: { score: 8, level: 'mild' }, gad7: { score: 9, level: 'mild' } } });
    expect(record.missed).toEqual([{ measureId: missed, instruments: 'phq9Gad7', sentAt: daysAgo(26), expiredAt: daysAgo(22) }]);
    expect(record.plans).toMatchObject([{ instruments: 'phq9Gad7', schedule: 'every_session', withdrawnAt: null }]);
    expect(await audit()).toEqual([{ action: 'measures.viewed', actor: 'clinic', subject_id: appointmentId }]);
  });

  it('takes the first measure as the baseline when the client shared no screening of the same questionnaire', async () => {
    const clinic = await measuredClinic(t);
    const db = t.services.db;
    const plan = { ...(await insertPlan(db, { userId: clinic.userId, appointmentId: clinic.appointmentId, psychologistId: clinic.psychologistId, instruments: 'dass21', enrolledAt: daysAgo(30) })), userId: clinic.userId };
    await insertMeasure(db, plan, { sentAt: daysAgo(20), answered: { at: daysAgo(20), scores: { depression: 20, anxiety: 8, stress: 16 } } });
    await insertMeasure(db, plan, { sentAt: daysAgo(6), answered: { at: daysAgo(6), scores: { depression: 12, anxiety: 16, stress: 14 } } });
    const admin = await clinic.as('admin');
    const record = (await admin.rest('GET', `/api/appointments/${clinic.appointmentId}/measures`)).body as { scales: MeasureRecord['scales']; answered: unknown[] };
    expect(record.scales.map((scale) => [scale.scale, scale.points.map((point) => point.score), scale.badges, scale.source, scale.reliableChange])).toEqual([
      // Jacobson & Truax thresholds of 7.43, 6.94 and 7.36 points, which doubled scores reach at 8.
      ['depression', [20, 12], { sinceBaseline: 'reliableImprovement', sinceLast: 'reliableImprovement' }, 'jacobsonTruaxHenryCrawford', 8],
      ['anxiety', [8, 16], { sinceBaseline: 'reliableDeterioration', sinceLast: 'reliableDeterioration' }, 'jacobsonTruaxHenryCrawford', 8],
      ['stress', [16, 14], { sinceBaseline: 'noReliableChange', sinceLast: 'noReliableChange' }, 'jacobsonTruaxHenryCrawford', 8],
    ]);
    expect(record.answered).toHaveLength(2);
  });

  it.each(['owner', 'admin'] as const)('shows the %s the record of any psychologist’s client', async (role) => {
    const { colleaguesAppointmentId, as, audit } = await measuredClinic(t);
    const member = await as(role);
    const answer = await member.rest('GET', `/api/appointments/${colleaguesAppointmentId}/measures`);
    expect(answer).toEqual({ status: 200, body: { plans: [], scales: [], answered: [], missed: [] } });
    expect(await audit()).toEqual([{ action: 'measures.viewed', actor: 'clinic', subject_id: colleaguesAppointmentId }]);
  });

  it('refuses a receptionist, and another psychologist with a 404, recording no view', async () => {
    const { appointmentId, as, audit } = await measuredClient();
    const receptionist = await as('receptionist');
    expect((await receptionist.rest('GET', `/api/appointments/${appointmentId}/measures`)).status).toBe(403);
    await expect(receptionist.caller.admin.measures.record({ appointmentId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const colleague = await as('colleague');
    expect(await colleague.rest('GET', `/api/appointments/${appointmentId}/measures`)).toEqual({ status: 404, body: { error: 'Appointment not found' } });
    expect(await audit()).toEqual([]);
  });
});
