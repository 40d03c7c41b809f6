import { addDays } from 'date-fns';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { MeasureSchedule } from '../../domain/measure-schedule';
import { measureQuestionIds } from '../../domain/measures';
import { manageTokenOf } from '../appointments/manage-token';
import { startTestApp, type TestApp } from '../testing/test-app';
import { sendDueMeasures } from './send-measures';
import { enrolledClient } from './testing/enrolled-client';

const PHQ9_GAD7_IDS = measureQuestionIds('phq9Gad7');
/** Every item of a PHQ-9 with GAD-7 measure at `score`, PHQ-9 item 9 (id 11) at `item9`. */
const answersAt = (score: number, item9 = 0) => Object.fromEntries(PHQ9_GAD7_IDS.map((id) => [String(id), id === 11 ? item9 : score]));

/**
 * The client's answer page's server side (issue 30): the measure to answer, the answers scored
 * and stored once with their alerts, the readable refusals of a closed link, a flood of garbage
 * that stores nothing, and withdrawal and erasure taking the measures.
 */
describe.each(TEST_DIALECTS)('answering a repeat measure on %s', (dialect) => {
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
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, language = 'en') =>
    t.app.inject({ method, url, payload: payload as object, headers: { origin: t.services.env.publicUrl, 'accept-language': language } });
  const measurePath = (token: string, path = '') => `/api/public/measures/${token}${path}`;

  /** A client enrolled on `schedule` in PHQ-9 with GAD-7, and a way to send their next measure and read its link's token. */
  async function enrolled(schedule: MeasureSchedule = 'every_2_weeks', options: { sharedPhq9?: number } = {}) {
    const db = t.services.db;
    const { screener, request, appointmentId, enrolledAt, consentText } = await enrolledClient(t, schedule);
    if (options.sharedPhq9 !== undefined) {
      // The baseline is read when a measure is answered.
      const shared = { testType: 'Combined', results: { phq9: { score: options.sharedPhq9 }, gad7: { score: 3 } }, crisisItemAnswered: false };
      await db.updateTable('appointments').set({ shared_results: JSON.stringify(shared) }).where('id', '=', appointmentId).execute();
    }
    let fortnight = 0;
    /** Sends the next fortnight's measure (or the `once` one) and answers its link's token. */
    const sendNext = async () => {
      at(schedule === 'once' ? enrolledAt : addDays(enrolledAt, 14 * ++fortnight));
      expect(await sendDueMeasures(t.services)).toBe(1);
      const mails = (await outboxEmailsTo(db, request.clientEmail)).filter((mail) => mail.kind === 'measure');
      return /\/measure\/([\w-]+)/.exec(mails.at(-1)!.text)![1]!;
    };
    const measures = () => db.selectFrom('measures').select(['id', 'answered_at', 'answers', 'scores']).where('user_id', '=', screener.userId).orderBy('sent_at').execute();
    const alerts = () => db.selectFrom('measure_alerts').select(['reason', 'measure_id', 'psychologist_id']).where('user_id', '=', screener.userId).orderBy('reason').execute();
    return { screener, appointmentId, enrolledAt, sendNext, measures, alerts, consentText };
  }

  it('shows the measure with the screener’s items, the clinic’s brand and the consent; stores the answers once, raising the risk alert', async () => {
    const { screener, sendNext, measures, alerts, consentText } = await enrolled('once');
    const token = await sendNext();
    const view = await call('GET', measurePath(token));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ instruments: 'phq9Gad7', questionIds: [...PHQ9_GAD7_IDS], language: 'en', consentText, clinicName: expect.any(String) });

    const [first, second] = await Promise.all([call('POST', measurePath(token, '/answers'), { answers: answersAt(1, 2) }), call('POST', measurePath(token, '/answers'), { answers: answersAt(1, 2) })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const answered = [first, second].find((response) => response.statusCode === 200)!;
    // PHQ-9: eight items at 1 and item 9 at 2; GAD-7: seven items at 1.
    expect(answered.json()).toEqual({ scores: { phq9: { score: 10, level: 'moderate' }, gad7: { score: 7, level: 'mild' } }, trend: null });
    expect([first, second].find((response) => response.statusCode === 409)!.json()).toEqual({ error: 'This questionnaire has already been answered. Thank you: the next one will come by e-mail as planned.' });

    const [measure, ...others] = await measures();
    expect(others).toEqual([]);
    expect(measure!.answered_at).not.toBeNull();
    expect(JSON.parse(measure!.answers!)).toEqual(answersAt(1, 2));
    expect(JSON.parse(measure!.scores!)).toMatchObject({ phq9: { score: 10 }, gad7: { score: 7 } });
    expect(await alerts()).toEqual([{ reason: 'risk', measure_id: measure!.id, psychologist_id: screener.psychologistId }]);
    // Answered: the page says so, readably.
    expect((await call('GET', measurePath(token))).statusCode).toBe(409);
  });

  it('alerts a reliable deterioration against the shared screening and earlier measures, once; shows the trend where the clinic allows it', async () => {
    const { screener, sendNext, alerts } = await enrolled('every_2_weeks', { sharedPhq9: 4 });
    await t.services.db.updateTable('users').set({ measure_trend_visible: 1 }).where('id', '=', screener.userId).execute();
    // PHQ-9 4 → 5 (no reliable change); GAD-7 3 → 7 (+4: reliable deterioration).
    const first = await call('POST', measurePath(await sendNext(), '/answers'), { answers: { ...answersAt(1), 3: 0, 4: 0, 5: 0 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ scores: { phq9: { score: 5 }, gad7: { score: 7 } } });
    expect((await alerts()).map((alert) => alert.reason)).toEqual(['deterioration:gad7']);
    // PHQ-9 5 → 16: reliable deterioration; GAD-7 stays at 7, still worse than baseline: no second alert.
    const gad7AtOne = Object.fromEntries(PHQ9_GAD7_IDS.filter((id) => id >= 12).map((id) => [String(id), 1]));
    const second = await call('POST', measurePath(await sendNext(), '/answers'), { answers: { ...answersAt(2), ...gad7AtOne } });
    expect(second.statusCode, second.body).toBe(200);
    expect((await alerts()).map((alert) => alert.reason)).toEqual(['deterioration:gad7', 'deterioration:phq9']);
    expect(second.json<{ trend: { at: string | null; totals: Record<string, number> }[] }>().trend.map((point) => point.totals)).toEqual([
      { phq9: 4, gad7: 3 },
      { phq9: 5, gad7: 7 },
      { phq9: 16, gad7: 7 },
    ]);
  });

  it('refuses an expired link readably in the client’s language, storing nothing', async () => {
    const { screener, sendNext, measures } = await enrolled('once');
    const token = await sendNext();
    const { expiryDays } = await t.services.db.selectFrom('users').select('measure_expiry_days as expiryDays').where('id', '=', screener.userId).executeTakeFirstOrThrow();
    at(addDays(t.services.now(), Number(expiryDays)));
    expect(await call('GET', measurePath(token))).toMatchObject({ statusCode: 410 });
    const inMalay = await call('POST', measurePath(token, '/answers'), { answers: answersAt(0) }, 'ms');
    expect(inMalay.statusCode).toBe(410);
    expect(inMalay.json()).toEqual({ error: 'Soal selidik ini telah tamat tempoh, jadi ia tidak boleh dijawab lagi. Soal selidik seterusnya akan dihantar melalui e-mel seperti yang dirancang.' });
    expect((await measures())[0]!.answered_at).toBeNull();
  });

  it('refuses a flood of garbage with 4xx, storing nothing and raising nothing', async () => {
    const { sendNext, measures, alerts } = await enrolled('once');
    const token = await sendNext();
    const garbage: [string, unknown][] = [
      [measurePath('not-a-token', '/answers'), { answers: answersAt(0) }],
      [measurePath('x'.repeat(500), '/answers'), { answers: answersAt(0) }],
      [measurePath(token, '/answers'), {}],
      [measurePath(token, '/answers'), { answers: 'all of them' }],
      [measurePath(token, '/answers'), { answers: { ...answersAt(0), 11: 4 } }],
      [measurePath(token, '/answers'), { answers: { ...answersAt(0), 11: -1 } }],
      [measurePath(token, '/answers'), { answers: { ...answersAt(0), 11: 1.5 } }],
      [measurePath(token, '/answers'), { answers: { 3: 0 } }],
      [measurePath(token, '/answers'), { answers: { ...answersAt(0), 1: 0 } }],
      [measurePath(token, '/answers'), { answers: { ...answersAt(0), 99: 0 } }],
      [measurePath(token, '/answers'), { answers: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 0])) }],
    ];
    const flood = Array.from({ length: 4 }, () => garbage).flat();
    const responses = await Promise.all(flood.map(([url, payload]) => call('POST', url, payload)));
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    const wrongItems = await call('POST', measurePath(token, '/answers'), { answers: { 3: 0 } });
    expect(wrongItems.json()).toEqual({ error: 'Please check the highlighted fields.', fields: { answers: ['must answer every question of this questionnaire exactly once, each with 0, 1, 2 or 3'] } });
    expect((await measures())[0]!.answered_at).toBeNull();
    expect(await alerts()).toEqual([]);
    // The real answer still goes through.
    expect((await call('POST', measurePath(token, '/answers'), { answers: answersAt(0) })).statusCode).toBe(200);
  });

  it('withdrawal from the measure’s link erases its measures and alerts, and the link ends; the download lists measures until then', async () => {
    const { appointmentId, sendNext, measures, alerts } = await enrolled('once');
    const token = await sendNext();
    expect((await call('POST', measurePath(token, '/answers'), { answers: answersAt(0, 1) })).statusCode).toBe(200);
    expect(await alerts()).toHaveLength(1);
    const download = await call('GET', `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/data`);
    expect(download.json<{ measures: unknown[] }>().measures).toEqual([
      { instruments: 'phq9Gad7', sentAt: expect.any(String), expiresAt: expect.any(String), answeredAt: expect.any(String), answers: answersAt(0, 1), scores: { phq9: { score: 1, level: 'minimal' }, gad7: { score: 0, level: 'minimal' } } },
    ]);

    const withdrawn = await call('POST', measurePath(token, '/withdraw'));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ withdrawnAt: expect.any(String) });
    expect(await measures()).toEqual([]);
    expect(await alerts()).toEqual([]);
    const ended = await call('GET', measurePath(token));
    expect(ended.statusCode).toBe(404);
    expect(ended.json()).toEqual({ error: 'This questionnaire link is not valid. It may be mistyped, or the questionnaires ended: you stopped them, or your data was erased.' });
  });

  it('the visitor’s erase takes the measures and alerts', async () => {
    const { appointmentId, sendNext, measures, alerts } = await enrolled('once');
    const token = await sendNext();
    expect((await call('POST', measurePath(token, '/answers'), { answers: answersAt(0, 1) })).statusCode).toBe(200);
    expect((await call('POST', `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/erase`)).statusCode).toBe(200);
    expect(await measures()).toEqual([]);
    expect(await alerts()).toEqual([]);
  });
});
