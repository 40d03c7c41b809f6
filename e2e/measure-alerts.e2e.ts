import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import type { Database } from '../db/schema';
import { bookSlot, insertMember, insertSlot } from '../db/testing/fixtures';
import { PHQ9_GAD7_QUESTIONS } from '../domain/measures';
import type { Locales } from '../i18n/i18n-types';
import { hashPassword } from '../server/auth/passwords';
import { measureTokenOf } from '../server/measures/measure-token';
import { translationsFor } from '../server/translations';
import { demoAisyah, expectAccessibleAtBothWidths } from './support/admin';
import { expectNoViolations } from './support/axe';
import type { E2eSession } from './support/session';
import { useBrowserSession } from './support/session';

const PHONE = { width: 390, height: 844 };
const SESSION_SECRET = 'measure-journey-secret-of-at-least-32-characters';
const CLIENT = 'Nur Hana';
const PSYCHOLOGIST = { username: 'dr-aisyah-measures', password: 'a long password for Dr. Aisyah' };
/** PHQ-9 item 9 (thoughts of being better off dead or of self-harm): the screener's id 11. */
const RISK_ITEM = 11;
const DAY = 86_400_000;

/** The measure's answers keyed by the screener's ids, every item at `score` but the risk item at `risk`. */
function answersAt(score: number, risk: number): Record<number, number> {
  return Object.fromEntries(PHQ9_GAD7_QUESTIONS.map((question) => [question.id, question.id === RISK_ITEM ? risk : score]));
}

/** A sent measure of the plan; answered when `answers` are given. Answers its link's token. */
async function insertMeasure(db: Kysely<Database>, plan: { id: string; clinicId: string; psychologistId: string }, of: { occasion: string; language: Locales; sentAt: Date; answers?: { phq9: number; gad7: number; items: Record<number, number> } }) {
  const id = randomUUID();
  const token = measureTokenOf({ sessionSecret: SESSION_SECRET }, id);
  await db
    .insertInto('measures')
    .values({
      id,
      user_id: plan.clinicId,
      plan_id: plan.id,
      psychologist_id: plan.psychologistId,
      occasion: of.occasion,
      session_appointment_id: null,
      instruments: 'phq9Gad7',
      language: of.language,
      token_hash: createHash('sha256').update(token).digest('hex'),
      due_at: of.sentAt,
      sent_at: of.sentAt,
      expires_at: new Date(of.sentAt.getTime() + 4 * DAY),
      answered_at: of.answers ? of.sentAt : null,
      answers: of.answers ? JSON.stringify(of.answers.items) : null,
      scores: of.answers ? JSON.stringify({ phq9: { score: of.answers.phq9, level: 'moderatelySevere' }, gad7: { score: of.answers.gad7, level: 'moderate' } }) : null,
    })
    .execute();
  return token;
}

/** Dr. Aisyah's client, a week after a completed session, and Dr. Aisyah's own sign-in as a psychologist member. */
async function seedClient(session: E2eSession) {
  const { db } = connectDatabase(session.server.databaseUrl);
  const aisyah = await demoAisyah(db);
  const appointmentId = await bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId: await insertSlot(db, aisyah.id, new Date(Date.now() - 7 * DAY + 7 * 60_000)) });
  await db.updateTable('appointments').set({ status: 'completed', client_name: CLIENT }).where('id', '=', appointmentId).execute();
  const member = await insertMember(db, { clinicId: aisyah.user_id, role: 'psychologist', psychologistId: aisyah.id, username: PSYCHOLOGIST.username });
  await db.updateTable('accounts').set({ password_hash: await hashPassword(PSYCHOLOGIST.password) }).where('id', '=', member.accountId).execute();
  await db.destroy();
  return appointmentId;
}

/** Dr. Aisyah enrols her client from the appointment's Measures, in PHQ-9 with GAD-7 every 2 weeks, the client having agreed to the text shown. */
async function enrolThroughTheForm(page: Page) {
  const t = translationsFor('en').admin.measures;
  await page.setViewportSize(PHONE);
  await page.goto('/admin/appointments');
  await page.getByRole('button', { name: t.openLabel({ name: CLIENT }) }).click();
  const form = page.getByRole('dialog', { name: t.recordTitle({ name: CLIENT }) }).getByRole('form', { name: t.enrolTitle() });
  await form.getByRole('radio', { name: t.instrumentNames.phq9Gad7() }).check();
  await form.getByRole('radio', { name: t.schedules.every_2_weeks() }).check();
  // The words the client is shown follow the choice, in their language (the fixture books in Malay) under the English admin.
  const consent = form.getByRole('region', { name: t.consentToShow({ name: CLIENT }) });
  await expect.poll(() => consent.innerText()).toContain(translationsFor('ms').booking.measureSchedules.every_2_weeks());
  await form.getByRole('checkbox', { name: t.clientConsented({ name: CLIENT }) }).check();
  await form.getByRole('button', { name: t.enrol() }).click();
  await page.getByText(t.planOpen({ date: '' }).split(':')[1]!.trim()).waitFor();
  await expectNoViolations(page, 'the record after enrolling, at 390 px');
  await page.getByRole('button', { name: translationsFor('en').admin.appointments.close() }).click();
}

/**
 * The plan's measures: a baseline answered a month ago well above caseness, and one sent today in
 * English and one in Malay, whose links' tokens it answers.
 */
async function seedMeasures(session: E2eSession, appointmentId: string) {
  const { db } = connectDatabase(session.server.databaseUrl);
  const row = await db.selectFrom('measure_plans').select(['id', 'user_id', 'psychologist_id']).where('appointment_id', '=', appointmentId).executeTakeFirstOrThrow();
  const plan = { id: row.id, clinicId: row.user_id, psychologistId: row.psychologist_id };
  // Moderately severe depression and moderate anxiety: at caseness on both scales (10 and 8).
  await insertMeasure(db, plan, { occasion: 'fortnight:0', language: 'en', sentAt: new Date(Date.now() - 30 * DAY), answers: { phq9: 16, gad7: 14, items: answersAt(2, 0) } });
  const tokens = {
    en: await insertMeasure(db, plan, { occasion: 'fortnight:1', language: 'en', sentAt: new Date(Date.now() - DAY) }),
    ms: await insertMeasure(db, plan, { occasion: 'fortnight:2', language: 'ms', sentAt: new Date() }),
  };
  await db.destroy();
  return tokens;
}

/** The client answers every item of their link at `score`, the risk item at 1: crisis help shows at once. */
async function answerMeasure(page: Page, lang: Locales, token: string, score: 0 | 1) {
  const L = translationsFor(lang);
  const responses = [L.assessment.combined.responses.notAtAll(), L.assessment.combined.responses.severalDays()];
  const crisis = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: L.assessment.crisis.title() }) });
  await page.setViewportSize(PHONE);
  await page.goto(`${lang === 'ms' ? '/ms' : ''}/measure/${token}`);
  await page.getByRole('heading', { name: L.booking.measurePage.title(), level: 1 }).waitFor();
  await expectAccessibleAtBothWidths(page, `${lang} measure page`);
  const total = PHQ9_GAD7_QUESTIONS.length;
  for (const [index, question] of PHQ9_GAD7_QUESTIONS.entries()) {
    await page.getByText(L.screener.questionOf({ position: index + 1, total }), { exact: true }).waitFor();
    const risk = question.id === RISK_ITEM;
    await page.getByRole('button', { name: responses[risk ? 1 : score], exact: true }).click();
    if (risk) {
      // The moment the item is answered, before Next: as in the screener.
      await crisis.waitFor();
      await expectAccessibleAtBothWidths(page, `${lang} crisis help on the measure`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole('button', { name: index === total - 1 ? L.screener.complete() : L.screener.next(), exact: true }).click();
  }
  expect(await crisis.count()).toBe(1);
  await page.getByRole('button', { name: L.booking.measurePage.send() }).click();
  await page.getByText(L.booking.measurePage.thanks()).waitFor();
  await expectAccessibleAtBothWidths(page, `${lang} measure answered`);
}

describe('measurement-based care, from the client’s link to the psychologist’s record', () => {
  const session = useBrowserSession({ bypassCSP: true, serverEnv: () => ({ SESSION_SECRET }) });

  it('Dr. Aisyah enrols her client from the appointment; the client answers, sees crisis help at item 9; Dr. Aisyah acknowledges the alert and reads the trend, at 390 and 1280 px in English and Malay', async () => {
    const { page, server } = session;
    const appointmentId = await seedClient(session);
    const staff = await page.context().browser()!.newContext({ baseURL: server.url, bypassCSP: true });
    const psychologist = await staff.newPage();
    const signedIn = await psychologist.request.post('/api/login', { data: PSYCHOLOGIST, headers: { origin: server.url } });
    expect(signedIn.ok()).toBe(true);
    await enrolThroughTheForm(psychologist);
    const tokens = await seedMeasures(session, appointmentId);

    // English: everything better than at baseline (recovery), but item 9 answered. Malay: better again.
    for (const [lang, score, points] of [
      ['en', 1, 2],
      ['ms', 0, 3],
    ] as const) {
      const client = await page.context().browser()!.newPage({ baseURL: server.url, bypassCSP: true });
      await answerMeasure(client, lang, tokens[lang], score);
      await client.close();

      const L = translationsFor(lang);
      const t = L.admin.measureAlerts;
      await psychologist.setViewportSize(PHONE);
      await psychologist.goto(`${lang === 'ms' ? '/ms' : ''}/admin/today`);
      const alerts = psychologist.getByRole('region', { name: t.title() }).getByRole('listitem');
      await expect.poll(() => alerts.count()).toBe(1);
      const alert = alerts.first();
      expect(await alert.innerText()).toContain(CLIENT);
      expect(await alert.innerText()).toContain(t.risk());
      await expectAccessibleAtBothWidths(psychologist, `${lang} Today with the alert`);

      // The record the alert is about: the trend, its badges, the answers side by side.
      await psychologist.setViewportSize(PHONE);
      await alert.getByRole('button', { name: L.admin.measures.openLabel({ name: CLIENT }) }).click();
      const record = psychologist.getByRole('dialog', { name: L.admin.measures.recordTitle({ name: CLIENT }) });
      const phq9 = record.getByRole('region', { name: L.admin.measures.scaleNames.phq9() });
      await expect.poll(() => phq9.getByRole('row').count()).toBe(points + 1);
      await phq9.locator('.ct-line').waitFor();
      const sinceBaseline = phq9.getByRole('button', { name: L.admin.measures.badgeLabel({ when: L.admin.measures.sinceBaseline(), badge: L.admin.measures.badges.recovery() }) });
      await sinceBaseline.click();
      await record.getByText(L.admin.measures.badgeMeanings.recovery(), { exact: false }).waitFor();
      await record.getByRole('region', { name: L.admin.measures.itemsTitle() }).waitFor();
      expect(await psychologist.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessibleAtBothWidths(psychologist, `${lang} the client's record`);
      if (lang === 'ms') {
        // After the last measure: the psychologist ends the plan; the record says the answers are kept.
        await psychologist.setViewportSize(PHONE);
        await record.getByRole('button', { name: L.admin.measures.endPlan() }).click();
        await record.getByRole('button', { name: L.admin.measures.endPlanYes() }).click();
        await record.getByText(L.admin.measures.planEnded({ date: '' }).split(':')[1]!.trim()).waitFor();
        await expectAccessibleAtBothWidths(psychologist, `${lang} the record after ending the plan`);
      }
      await record.getByRole('button', { name: L.admin.appointments.close() }).click();

      await psychologist.setViewportSize(PHONE);
      await alert.getByLabel(t.note()).fill('Called the client; seen tomorrow.');
      await alert.getByRole('button', { name: t.acknowledge() }).click();
      await psychologist.getByText(t.acknowledged(), { exact: true }).waitFor();
      await expect.poll(() => alerts.count()).toBe(0);
      await expectAccessibleAtBothWidths(psychologist, `${lang} Today after acknowledging`);
    }
    await staff.close();
  });
});
