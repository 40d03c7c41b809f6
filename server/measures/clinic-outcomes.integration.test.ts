import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMeasure, insertPlan } from '../../db/testing/measure-rows';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { ClinicOutcomes } from './clinic-outcomes';
import { measuredClinic } from './testing/measured-clinic';

const NOW = new Date('2030-11-20T03:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

type Scores = { phq9: number; gad7: number };

/**
 * The clinic's outcomes of repeat measures (issue 30): clients measured in the last 3, 6 or 12
 * months, the shares with reliable improvement, recovery and deterioration since baseline, for
 * the clinic and by psychologist, counts under 5 hidden; the owner's and admins' only.
 */
describe.each(TEST_DIALECTS)('the clinic’s outcomes of repeat measures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => NOW;
  });
  afterAll(() => t.close());

  /**
   * Dr. Aminah: 5 clients recovered from their shared screening (PHQ-9 16, GAD-7 9) to 8 and 5,
   * 5 reliably worse, 5 unchanged, 1 measured once, and 1 who recovered 5 months ago; Dr. Other:
   * 2 clients improved.
   */
  async function clinicWithOutcomes() {
    const clinic = await measuredClinic(t);
    const db = t.services.db;
    const client = async (psychologistId: string, scores: readonly Scores[], options: { screening?: Scores; daysAgo?: number } = {}) => {
      const appointmentId = await clinic.book(psychologistId);
      if (options.screening) {
        const { phq9, gad7 } = options.screening;
        const shared = { testType: 'Combined', results: { whooley: { score: 1, level: 'positive' }, phq9: { score: phq9, level: 'moderate' }, gad7: { score: gad7, level: 'mild' } }, crisisItemAnswered: false };
        await db.updateTable('appointments').set({ shared_results: JSON.stringify(shared), created_at: daysAgo(200) }).where('id', '=', appointmentId).execute();
      }
      const plan = { ...(await insertPlan(db, { userId: clinic.userId, appointmentId, psychologistId, instruments: 'phq9Gad7', enrolledAt: daysAgo(190) })), userId: clinic.userId };
      for (const [index, measured] of scores.entries()) {
        const at = daysAgo((options.daysAgo ?? 10) + 14 * (scores.length - 1 - index));
        await insertMeasure(db, plan, { sentAt: at, answered: { at, scores: measured } });
      }
    };
    const times = async (count: number, add: () => Promise<void>) => {
      for (let index = 0; index < count; index++) await add();
    };
    await times(5, () => client(clinic.psychologistId, [{ phq9: 8, gad7: 5 }], { screening: { phq9: 16, gad7: 9 } }));
    await times(5, () => client(clinic.psychologistId, [{ phq9: 8, gad7: 5 }, { phq9: 16, gad7: 5 }]));
    await times(5, () => client(clinic.psychologistId, [{ phq9: 12, gad7: 6 }, { phq9: 12, gad7: 6 }]));
    await client(clinic.psychologistId, [{ phq9: 14, gad7: 10 }]);
    await client(clinic.psychologistId, [{ phq9: 15, gad7: 10 }, { phq9: 5, gad7: 4 }], { daysAgo: 150 });
    await times(2, () => client(clinic.colleagueId, [{ phq9: 20, gad7: 15 }, { phq9: 12, gad7: 9 }]));
    return clinic;
  }

  const figures = (measured: number | string, compared: number | string, improvement: unknown, recovery: unknown, deterioration: unknown) => ({ measured, compared, improvement, recovery, deterioration });
  const hidden = { count: '< 5', percent: null };

  it('counts the clients measured in the period and their shares, by psychologist and for the clinic, hiding counts under 5', async () => {
    const { as, psychologistId, colleagueId } = await clinicWithOutcomes();
    const owner = await as('owner');
    const lastThree: ClinicOutcomes = await owner.caller.admin.measures.outcomes({ months: '3' });
    expect(lastThree.since).toEqual(new Date('2030-08-20T03:00:00Z'));
    // Dr. Other's clients improved but are still at caseness: improved, not recovered.
    expect(lastThree.clinic).toEqual(figures(18, 17, { count: 7, percent: 41 }, { count: 5, percent: 29 }, { count: 5, percent: 29 }));
    expect(lastThree.psychologists).toEqual([
      { psychologistId, name: 'Dr. Aminah', figures: figures(16, 15, { count: 5, percent: 33 }, { count: 5, percent: 33 }, { count: 5, percent: 33 }) },
      { psychologistId: colleagueId, name: 'Dr. Other', figures: figures('< 5', '< 5', hidden, hidden, hidden) },
    ]);

    // The client who recovered five months ago counts in the last 6 and 12 months.
    const admin = await as('admin');
    const lastYear = await admin.rest('GET', '/api/measures/outcomes?months=12');
    expect(lastYear.status).toBe(200);
    expect((lastYear.body as { clinic: unknown }).clinic).toEqual(figures(19, 18, { count: 8, percent: 44 }, { count: 6, percent: 33 }, { count: 5, percent: 28 }));
  });

  it('refuses psychologists and receptionists, and a period it does not offer', async () => {
    const { as } = await measuredClinic(t);
    for (const role of ['psychologist', 'receptionist'] as const) {
      expect((await (await as(role)).rest('GET', '/api/measures/outcomes?months=3')).status).toBe(403);
    }
    const wrong = await (await as('owner')).rest('GET', '/api/measures/outcomes?months=24');
    expect(wrong).toEqual({ status: 400, body: { error: 'Please check the highlighted fields.', fields: { months: ['must be one of 3, 6, 12'] } } });
  });
});
