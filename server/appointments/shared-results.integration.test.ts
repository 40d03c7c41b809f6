import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { HOLD_MINUTES } from '../../domain/appointment-status';
import { expireLapsedHolds } from './expire-holds';
import { manageTokenOf } from './manage-token';
import type { SharedResultsView } from './view-shared-results';

const FOLLOW_UP_ANSWER = 'Saya rasa tertekan sejak bulan lepas kerana kerja';
const DASS21_SHARED = {
  testType: 'DASS-21',
  results: { depression: { score: 28, level: 'extremelySevere' }, anxiety: { score: 8, level: 'mild' }, stress: { score: 20, level: 'moderate' } },
  crisisItemAnswered: true,
  followUpResponses: [{ questionId: 3, followUpId: 'q3-1', response: FOLLOW_UP_ANSWER }],
};
const COMBINED_SHARED = {
  testType: 'Combined',
  results: { whooley: { score: 1, level: 'positive' }, phq9: { score: 9, level: 'mild' }, gad7: { score: 14, level: 'moderate' } },
  crisisItemAnswered: false,
};
const given = (minutesAgo: number) => ({ givenAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
const ALL_CONSENTS = { screener: given(10), privacyNotice: given(1), resultsSharing: given(1) };

describe.each(TEST_DIALECTS)('results a visitor shares with the clinic on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A clinic whose screener is the DASS-21, and its signed-in operator. */
  async function dass21Clinic() {
    const screener = await insertBookableScreener(t.services.db);
    await t.services.db.updateTable('screener_configurations').set({ test_type: 'DASS-21' }).where('user_id', '=', screener.userId).execute();
    return { screener, operator: await signedInAs(t, screener) };
  }
  const book = async (screener: BookableScreener, hours: number, extra: Record<string, unknown>) =>
    postBooking(t, bookingRequest(screener, await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours)), extra));
  const appointmentsOf = (userId: string) =>
    t.services.db.selectFrom('appointments').select(['id', 'shared_results', 'contact_promptly']).where('user_id', '=', userId).execute();

  it('attaches the shared results, flags a crisis answer first in the inbox, records each consent with its text, and audits each view', async () => {
    const { screener, operator } = await dass21Clinic();
    const plain = await book(screener, 24, {});
    expect(plain.status).toBe(201);
    const flagged = await book(screener, 96, { sharedResults: DASS21_SHARED, consents: ALL_CONSENTS });
    expect(flagged.status).toBe(201);

    const inbox = (await operator.caller.admin.appointments.list({})).map((a) => [a.id, a.resultsShared, a.contactPromptly]);
    expect(inbox).toEqual([
      [flagged.body.appointmentId, true, true],
      [plain.body.appointmentId, false, false],
    ]);

    const view: SharedResultsView = await operator.caller.admin.appointments.results({ appointmentId: flagged.body.appointmentId as string });
    expect(view.sharedResults).toEqual(DASS21_SHARED);
    expect(view.consents.map((consent) => consent.kind).sort()).toEqual(['privacyNotice', 'resultsSharing', 'screener']);
    const sharing = view.consents.find((consent) => consent.kind === 'resultsSharing')!;
    expect(sharing.text).toContain('Share my screening results with Klinik Test so that the psychologist can prepare');
    expect(sharing.version).toMatch(/^[0-9a-f]{64}$/);
    expect(sharing.givenAt).toEqual(new Date(ALL_CONSENTS.resultsSharing.givenAt));

    // Nothing was shared with the other booking, and each look is in the audit log.
    expect(await operator.caller.admin.appointments.results({ appointmentId: plain.body.appointmentId as string })).toEqual({ sharedResults: null, consents: [] });
    const audit = await t.services.db.selectFrom('audit_log').select(['action', 'subject_id', 'actor']).where('user_id', '=', screener.userId).orderBy('at').execute();
    expect(audit).toEqual([
      { action: 'results.viewed', subject_id: flagged.body.appointmentId, actor: 'clinic' },
      { action: 'results.viewed', subject_id: plain.body.appointmentId, actor: 'clinic' },
    ]);
  });

  it('keeps one text per version: two visitors who saw the same words share it', async () => {
    const { screener } = await dass21Clinic();
    await book(screener, 24, { sharedResults: DASS21_SHARED, consents: ALL_CONSENTS });
    await book(screener, 26, { sharedResults: DASS21_SHARED, consents: ALL_CONSENTS });
    const records = await t.services.db.selectFrom('consent_records').select('text_version').where('user_id', '=', screener.userId).execute();
    expect(records).toHaveLength(6);
    expect(new Set(records.map((record) => record.text_version)).size).toBe(3);
  });

  it('never puts the results in an e-mail; the clinic’s mail says to contact promptly and that results are in the inbox', async () => {
    const { screener } = await dass21Clinic();
    await book(screener, 24, { sharedResults: DASS21_SHARED, consents: ALL_CONSENTS });
    const mails = await t.services.db.selectFrom('email_outbox').select(['recipient', 'message']).execute();
    const ours = mails.filter((mail) => [screener.operatorEmail, screener.psychologistEmail].includes(mail.recipient));
    expect(ours).toHaveLength(2);
    for (const mail of ours) expect(mail.message).toContain('Contact promptly');
    for (const { message } of mails) {
      expect(message).not.toContain(FOLLOW_UP_ANSWER);
      expect(message).not.toMatch(/extremely ?severe|extremelySevere/i);
    }
  });

  it('refuses results the questionnaire could not produce, or shared without consent, readably, and books nothing', async () => {
    const { screener } = await dass21Clinic();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ sharedResults: { ...DASS21_SHARED, results: { ...DASS21_SHARED.results, anxiety: { score: 8, level: 'severe' } } }, consents: ALL_CONSENTS }, 'sharedResults.results.anxiety.level', "must be 'mild' for a score of 8"],
      [{ sharedResults: { ...DASS21_SHARED, results: { ...DASS21_SHARED.results, depression: { score: 2, level: 'normal' } } }, consents: ALL_CONSENTS }, 'sharedResults.crisisItemAnswered', 'cannot be true with these scores'],
      [{ sharedResults: { ...DASS21_SHARED, followUpResponses: [{ questionId: 3, followUpId: 'q4-1', response: 'x' }] }, consents: ALL_CONSENTS }, 'sharedResults.followUpResponses.0.followUpId', 'is not a follow-up of question 3'],
      [{ sharedResults: DASS21_SHARED, consents: { screener: given(5), privacyNotice: given(1) } }, 'consents.resultsSharing', 'needs your consent to share your results'],
      [{ sharedResults: COMBINED_SHARED, consents: ALL_CONSENTS }, 'sharedResults.testType', 'must be the test of this screener (DASS-21)'],
    ];
    for (const [index, [extra, field, message]] of refusals.entries()) {
      const refused = await book(screener, 30 + index, extra);
      expect(refused.status, field).toBe(400);
      expect((refused.body.fields as Record<string, string[]>)[field], field).toEqual([message]);
    }
    const inMalay = await book(screener, 40, { clientLanguage: 'ms', sharedResults: DASS21_SHARED, consents: { screener: given(5), privacyNotice: given(1) } });
    expect((inMalay.body.fields as Record<string, string[]>)['consents.resultsSharing']).toEqual(['memerlukan persetujuan anda untuk berkongsi keputusan anda']);
    expect(await appointmentsOf(screener.userId)).toEqual([]);
  });

  it('keeps every answer the visitor shared, refuses answers that do not give the scores, and the audit log names the owner who looked', async () => {
    const { screener, operator } = await dass21Clinic();
    // Every item at 1 and item 21 at 3: depression 18, anxiety 14, stress 14 (doubled sums).
    const answers = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [String(index + 1), index + 1 === 21 ? 3 : 1]));
    const shared = {
      testType: 'DASS-21',
      results: { depression: { score: 18, level: 'moderate' }, anxiety: { score: 14, level: 'moderate' }, stress: { score: 14, level: 'normal' } },
      crisisItemAnswered: true,
      answers,
      followUpResponses: [],
    };
    const wrong = await book(screener, 20, { sharedResults: { ...shared, answers: { ...answers, 21: 0 } }, consents: ALL_CONSENTS });
    expect([wrong.status, (wrong.body.fields as Record<string, string[]>)['sharedResults.answers']]).toEqual([400, ['must answer every question and give exactly these scores']]);
    const { 7: _left, ...incomplete } = answers;
    expect((await book(screener, 21, { sharedResults: { ...shared, answers: incomplete }, consents: ALL_CONSENTS })).status).toBe(400);

    const booked = await book(screener, 22, { sharedResults: shared, consents: ALL_CONSENTS });
    expect(booked.status).toBe(201);
    const view = await operator.caller.admin.appointments.results({ appointmentId: booked.body.appointmentId as string });
    expect(view.sharedResults).toEqual(shared);
    // The screening's date, which the view shows, is when the screener's consent was given.
    expect(view.consents.find((consent) => consent.kind === 'screener')!.givenAt).toEqual(new Date(ALL_CONSENTS.screener.givenAt));

    const audit = await operator.rest('GET', '/api/audit-log');
    expect(audit.body).toEqual([expect.objectContaining({ action: 'results.viewed', member: screener.username, subjectId: booked.body.appointmentId })]);
  });

  it('keeps a combined screening’s answers, the Whooley questions with their yes or no', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const operator = await signedInAs(t, screener);
    // Whooley yes, no; PHQ-9 items at 1 with item 9 (id 11) at 1; GAD-7 items at 2.
    const answers = Object.fromEntries(Array.from({ length: 18 }, (_, index) => [String(index + 1), index === 0 ? 1 : index === 1 ? 0 : index < 11 ? 1 : 2]));
    const shared = {
      testType: 'Combined',
      results: { whooley: { score: 1, level: 'positive' }, phq9: { score: 9, level: 'mild' }, gad7: { score: 14, level: 'moderate' } },
      crisisItemAnswered: true,
      answers,
    };
    const refused = await book(screener, 20, { sharedResults: { ...shared, answers: { ...answers, 2: 3 } }, consents: ALL_CONSENTS });
    expect(refused.status).toBe(400);
    const booked = await book(screener, 22, { sharedResults: shared, consents: ALL_CONSENTS });
    expect(booked.status).toBe(201);
    expect((await operator.caller.admin.appointments.results({ appointmentId: booked.body.appointmentId as string })).sharedResults).toEqual(shared);
  });

  it('stores nothing of the screening when the visitor does not share', async () => {
    const { screener } = await dass21Clinic();
    const booked = await book(screener, 24, { consents: { screener: given(5), privacyNotice: given(1) } });
    expect(booked.status).toBe(201);
    expect(await appointmentsOf(screener.userId)).toEqual([{ id: booked.body.appointmentId, shared_results: null, contact_promptly: 0 }]);
  });

  it('keeps nothing shared with a hold that lapsed or that its visitor cancelled, and keeps what a booking the clinic saw shared', async () => {
    const { screener, operator } = await dass21Clinic();
    const shared = { sharedResults: DASS21_SHARED, consents: ALL_CONSENTS };
    await t.services.db.updateTable('users').set({ confirm_visitor_email: 1 }).where('id', '=', screener.userId).execute();
    const lapsing = (await book(screener, 30, shared)).body.appointmentId as string;
    const cancelledHold = (await book(screener, 32, shared)).body.appointmentId as string;
    await t.services.db.updateTable('users').set({ confirm_visitor_email: 0 }).where('id', '=', screener.userId).execute();
    const cancelledRequest = (await book(screener, 34, shared)).body.appointmentId as string;
    const cancel = (appointmentId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/cancel`,
        headers: { origin: t.services.env.publicUrl },
        payload: { reason: 'Saya berasa lebih baik sekarang' },
      });
    expect((await appointmentsOf(screener.userId)).every((row) => row.shared_results !== null && row.contact_promptly === 1)).toBe(true);

    expect((await cancel(cancelledHold)).statusCode).toBe(200);
    expect((await cancel(cancelledRequest)).statusCode).toBe(200);
    const now = t.services.now;
    t.services.now = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
    try {
      expect(await expireLapsedHolds(t.services)).toBeGreaterThanOrEqual(1);
    } finally {
      t.services.now = now;
    }

    const rows = await t.services.db.selectFrom('appointments').select(['id', 'status', 'shared_results', 'contact_promptly', 'cancel_reason']).where('user_id', '=', screener.userId).execute();
    const row = (id: string) => rows.find((candidate) => candidate.id === id);
    expect(row(lapsing)).toMatchObject({ status: 'expired', shared_results: null, contact_promptly: 0 });
    expect(row(cancelledHold)).toMatchObject({ status: 'cancelled', shared_results: null, contact_promptly: 0, cancel_reason: null });
    expect(row(cancelledRequest)).toMatchObject({ status: 'cancelled', contact_promptly: 1, cancel_reason: 'Saya berasa lebih baik sekarang' });
    expect((await operator.caller.admin.appointments.results({ appointmentId: cancelledRequest })).sharedResults).toEqual(DASS21_SHARED);
    expect((await operator.caller.admin.appointments.results({ appointmentId: cancelledHold })).sharedResults).toBeNull();
  });
});
