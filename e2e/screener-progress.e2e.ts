import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { DEMO_SLUG } from '../db/seed-demo';
import { insertOperator } from '../db/testing/fixtures';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { chooseFreeTime, timeChoices } from './support/booking-steps';
import { answerDass21, completeDass21Quickly, consent, DASS_LABELS, waitForDassQuestion } from './support/screener-steps';
import { useBrowserSession } from './support/session';

// The visitor's progress kept in the tab (sessionStorage), the browser's back and forward between
// questions, and "Need help now?" on every step (docs/screener.md: "Progress that survives reload and back").

const CLINIC = 'klinik-tenang';
const CONTACT = { name: 'Klinik Tenang duty psychologist', phone: '03-2345 6789' };

/** The label of the answer shown as chosen on the current question. */
const chosenAnswer = (page: Page) => page.getByRole('group', { name: 'Answer options' }).getByRole('button', { pressed: true }).textContent();

const tabStorage = (page: Page) =>
  page.evaluate(() => ({ session: Object.keys(sessionStorage).sort(), local: localStorage.length }));

interface QuestionWalk {
  total: number;
  onQuestion: (position: number) => Promise<void>;
  /** The label of the answer given at this position. */
  label: (position: number) => string;
  /** Gives that answer, and anything the step asks after it (a follow-up). */
  answer: (position: number) => Promise<void>;
  /** Where back from the next question lands when it is not this question (its last follow-up). */
  backFromNext?: (position: number) => Promise<boolean>;
}

/**
 * Every question: a reload keeps it, back shows the previous question with its answer, forward
 * returns to it; then it is answered.
 */
async function walkEveryQuestion(page: Page, walk: QuestionWalk) {
  for (let position = 1; position <= walk.total; position++) {
    await walk.onQuestion(position);
    await page.reload();
    await walk.onQuestion(position);
    if (position > 1) {
      await page.goBack();
      await walk.onQuestion(position - 1);
      if (!(await walk.backFromNext?.(position - 1))) {
        expect(await chosenAnswer(page), `answer ${position - 1} after back`).toContain(walk.label(position - 1));
      }
      await page.goForward();
      await walk.onQuestion(position);
    }
    await walk.answer(position);
  }
}

/** The results over a reload, back to the last question with its answer, and forward again. */
async function resultsSurviveReloadAndBack(page: Page, walk: QuestionWalk) {
  const results = await resultCardsOf(page);
  await page.reload();
  await page.getByRole('heading', { name: 'Your Results' }).waitFor();
  expect(await resultCardsOf(page)).toEqual(results);
  await page.goBack();
  await walk.onQuestion(walk.total);
  expect(await chosenAnswer(page)).toContain(walk.label(walk.total));
  await page.goForward();
  await page.getByRole('heading', { name: 'Your Results' }).waitFor();
  expect(await resultCardsOf(page)).toEqual(results);
}

/** The consent step keeps the chosen age group over a reload. */
async function consentSurvivesReload(page: Page, ageButton: string) {
  await page.getByRole('button', { name: ageButton }).click();
  await page.reload();
  await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
  expect(await page.getByRole('button', { name: ageButton }).getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByRole('button', { name: 'I understand and consent to continue' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'I understand and consent to continue' }).click();
}

/** Whatever score cards the results show, by their text. */
const resultCardsOf = (page: Page) => page.getByRole('region').filter({ hasText: / out of \d+/ }).allTextContents();

const resultCards = (page: Page) =>
  Promise.all(['Depression', 'Anxiety', 'Stress'].map((name) => page.getByRole('region', { name, exact: true }).textContent()));

describe('progress that survives reload and back, and help one tap away', () => {
  const session = useBrowserSession({ serverEnv: () => ({ OPENAI_API_KEY: '' }), bypassCSP: true });

  beforeAll(async () => {
    // A Combined clinic (minimum age 18) with its own crisis contact.
    const { db } = connectDatabase(session.server.databaseUrl);
    const { configurationId } = await insertOperator(db, { companySlug: CLINIC });
    await db
      .updateTable('screener_configurations')
      .set({ crisis_contact_name: CONTACT.name, crisis_contact_phone: CONTACT.phone })
      .where('id', '=', configurationId)
      .execute();
    await db.destroy();
  });

  it('keeps the answers and the step over a reload; back and forward move between questions', async () => {
    const { page } = session;
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    await answerDass21(page, (id) => (id === 2 ? 2 : 1), 1, 3);
    await waitForDassQuestion(page, 4);

    await page.reload();
    await waitForDassQuestion(page, 4);
    await page.goBack();
    await waitForDassQuestion(page, 3);
    expect(await chosenAnswer(page)).toContain(DASS_LABELS[1]);
    await page.goBack();
    await waitForDassQuestion(page, 2);
    expect(await chosenAnswer(page)).toContain(DASS_LABELS[2]);
    await page.goForward();
    await waitForDassQuestion(page, 3);
    await page.reload();
    await waitForDassQuestion(page, 3);
    expect(await chosenAnswer(page)).toContain(DASS_LABELS[1]);

    // The page's Previous and the browser's back walk the same entries.
    await page.getByRole('button', { name: 'Previous' }).click();
    await waitForDassQuestion(page, 2);
    await page.goBack();
    await waitForDassQuestion(page, 1);
    expect(await chosenAnswer(page)).toContain(DASS_LABELS[1]);

    // Kept in this tab only: nothing in the address, nothing in localStorage.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/screener/default');
    expect(await tabStorage(page)).toEqual({ session: ['minda.1.default.dass21'], local: 0 });
  });

  it('shows the same results after a reload, goes back to the last question and forward again, and Take Screener Again clears it', async () => {
    const { page } = session;
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    await answerDass21(page, (id) => (id % 3 === 0 ? 2 : id % 2 === 0 ? 1 : 0));
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    const results = await resultCards(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    expect(await resultCards(page)).toEqual(results);

    await page.goBack();
    await waitForDassQuestion(page, 21);
    await page.goForward();
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    expect(await resultCards(page)).toEqual(results);

    await page.getByRole('button', { name: 'Take Screener Again' }).click();
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
    expect(await tabStorage(page)).toEqual({ session: [], local: 0 });
    await page.reload();
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
  });

  it('keeps every DASS-21 step over a reload, and back and forward move between all 21 questions', async () => {
    const { page } = session;
    const score = (position: number) => (position === 4 ? 3 : position % 3) as 0 | 1 | 2 | 3;
    const walk: QuestionWalk = {
      total: 21,
      onQuestion: (position) => waitForDassQuestion(page, position),
      label: (position) => DASS_LABELS[score(position)],
      answer: async (position) => {
        await page.getByRole('button', { name: DASS_LABELS[score(position)] }).click();
        if (score(position) === 3) await followUpsSurviveReload();
      },
      // Back from question 5 lands on question 4's last follow-up, the step before it.
      backFromNext: async (position) => {
        if (score(position) !== 3) return false;
        await page.getByRole('heading', { name: /Have you seen a doctor/ }).waitFor();
        return true;
      },
    };
    // Item 4's maximum asks two follow-ups: each survives a reload, the first's text shows again.
    const followUpsSurviveReload = async () => {
      const first = page.getByRole('heading', { name: /In what situations does the breathing difficulty/ });
      const second = page.getByRole('heading', { name: /Have you seen a doctor/ });
      const box = page.getByRole('textbox', { name: 'Your answer (optional)' });
      await first.waitFor();
      await page.reload();
      await first.waitFor();
      await box.fill('On the train to work');
      await page.getByRole('button', { name: 'Continue' }).click();
      await second.waitFor();
      await page.reload();
      await second.waitFor();
      await page.getByRole('button', { name: 'Previous' }).click();
      await first.waitFor();
      expect(await box.inputValue()).toBe('On the train to work');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Skip' }).click();
    };

    await session.visit('/screener/default');
    await consentSurvivesReload(page, '16 or older');
    await walkEveryQuestion(page, walk);
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    await resultsSurviveReloadAndBack(page, walk);
  });

  it('keeps every Combined step over a reload, and back and forward move between all 18 questions', async () => {
    const { page } = session;
    const label = (position: number) => (position <= 2 ? (position === 1 ? 'Yes' : 'No') : position % 2 ? 'Several days' : 'Not at all');
    const walk: QuestionWalk = {
      total: 18,
      onQuestion: (position) => page.getByText(`Question ${position} of 18`).waitFor(),
      label,
      answer: async (position) => {
        await page.getByRole('button', { name: label(position), exact: true }).click();
        if (position === 11) await page.getByRole('alert').filter({ hasText: 'You are not alone' }).getByRole('button', { name: 'Close' }).click();
        if (position === 18) await page.getByRole('button', { name: 'View Results' }).click();
      },
    };
    await session.visit(`/screener/${CLINIC}`);
    await consentSurvivesReload(page, '18 or older');
    await walkEveryQuestion(page, walk);
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    await resultsSurviveReloadAndBack(page, walk);
  });

  it('keeps a half-typed booking form over a reload, and forgets it once booked', async () => {
    const { page } = session;
    await session.visit(`/screener/${DEMO_SLUG}`);
    await completeDass21Quickly(page);
    const booking = page.getByRole('region', { name: 'Book an Appointment' });
    await booking.getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
    await chooseFreeTime(dialog);
    await dialog.getByLabel('Full name').fill('Siti Aminah');
    await dialog.getByLabel('Email').fill('siti@example.my');
    await dialog.getByLabel('Phone number').fill('012-345');

    await page.reload();
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    // The dialog reopens by itself, on the time chosen before.
    expect(await timeChoices(dialog).first().isChecked()).toBe(true);
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('Siti Aminah');
    expect(await dialog.getByLabel('Email').inputValue()).toBe('siti@example.my');
    expect(await dialog.getByLabel('Phone number').inputValue()).toBe('012-345');
    await screenshot(page, 'booking-form-after-reload');

    await dialog.getByLabel('Phone number').fill('012-345 6789');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: 'Booking Received!' }).waitFor();
    // The booking form is gone; the session stays, and so does the screening's random id with the
    // steps it reported (the anonymous counts take each once: decision 0040).
    expect(await tabStorage(page)).toEqual({ session: [`minda.1.${DEMO_SLUG}.dass21`, expect.stringMatching(/^minda\.screening\./)], local: 0 });
  });

  it('opens the crisis lines from "Need help now?" on the consent step, a question and the results', async () => {
    const { page } = session;
    const openHelp = async (step: string) => {
      await page.getByRole('button', { name: 'Need help now?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Need help now?' });
      await dialog.getByText('Talian HEAL').waitFor();
      const text = (await dialog.textContent())!;
      expect(text).toContain('15555');
      expect(text).toContain(`${CONTACT.name}: ${CONTACT.phone}`);
      await expectNoViolations(page, `help on ${step}`);
      await screenshot(page, `need-help-${step}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(await dialog.count()).toBe(0);
    };

    await session.visit(`/screener/${CLINIC}`);
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
    await openHelp('consent');
    await consent(page, '18 or older');
    await page.getByText('Question 1 of 18').waitFor();
    await openHelp('question');
    for (let id = 1; id <= 18; id++) {
      await page.getByText(`Question ${id} of 18`).waitFor();
      await page.getByRole('button', { name: id <= 2 ? 'No' : 'Not at all', exact: true }).click();
    }
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    await openHelp('results');

    await session.visit(`/ms/screener/${CLINIC}`);
    await page.getByRole('heading', { name: 'Keputusan Anda' }).waitFor();
    await page.getByRole('button', { name: 'Perlukan bantuan sekarang?' }).click();
    await page.getByRole('dialog', { name: 'Perlukan bantuan sekarang?' }).getByText('Talian HEAL').waitFor();
    await expectNoViolations(page, 'help on results (ms)');
  });
});
