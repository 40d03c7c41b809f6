import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { DEMO_OPERATOR, DEMO_SLUG } from '../../db/seed-demo';
import { insertOperator } from '../../db/testing/fixtures';
import en from '../../i18n/en';
import enAssessment from '../../i18n/en/assessment';
import enBooking from '../../i18n/en/booking';
import enResults from '../../i18n/en/results';
import ms from '../../i18n/ms';
import msAssessment from '../../i18n/ms/assessment';
import msBooking from '../../i18n/ms/booking';
import msResults from '../../i18n/ms/results';
import { decodeQuotedPrintable, type SmtpCapture, startSmtpCapture } from '../../server/testing/smtp-capture';
import { dayChoices, timeChoices } from './booking-steps';
import { checkpoint, fill, useTour, type Viewport } from './tour';

// Every screen a visitor can reach, at one width, in English and Malay: axe after each interaction
// and, with E2E_SCREENSHOTS=1, a screenshot of each screen (test-results/e2e/tour-<width>-…png). One file per width
// (tour-visitor-390, tour-visitor-1280), so the two widths run side by side (decision 0044).

const COMBINED_CLINIC = 'klinik-tour-gabungan';
const TEXTS = {
  en: { root: en, assessment: enAssessment, results: enResults, booking: enBooking },
  ms: { root: ms, assessment: msAssessment, results: msResults, booking: msBooking },
} as const;
type Language = keyof typeof TEXTS;
const LANGUAGES = ['en', 'ms'] as const satisfies readonly Language[];
const prefixOf = (language: Language) => (language === 'ms' ? '/ms' : '');

// The launch offer still runs: the landing page's pricing shows its badge and countdown.
const OFFER_ENDS_AT = new Date(Date.now() + 10 * 24 * 3_600_000).toISOString();
const VISITOR = { name: 'Nur Aina binti Razak', phone: '012-345 6789' };

/** The nth answer button of the question on screen (0-based: the score on DASS-21). */
const answer = (page: Page, language: Language, index: number) =>
  page.getByRole('group', { name: TEXTS[language].root.screener.answerOptions }).getByRole('button').nth(index).click();

async function consentStep(page: Page, language: Language, minimumAge: number, name: string) {
  const { consent } = TEXTS[language].root.screener;
  await page.getByRole('heading', { name: TEXTS[language].root.screener.beforeWeBegin }).waitFor();
  await checkpoint(page, `${name}-consent`);

  await page.getByRole('button', { name: TEXTS[language].root.screener.needHelp }).click();
  const help = page.getByRole('dialog', { name: TEXTS[language].root.screener.needHelp });
  await help.getByText('Talian HEAL').waitFor();
  await checkpoint(page, `${name}-need-help`);
  await help.getByRole('button', { name: TEXTS[language].assessment.crisis.close, exact: true }).click();

  await page.getByRole('button', { name: fill(consent.ageGroups.belowMinimumAge, { age: minimumAge }) }).click();
  await page.getByText(fill(consent.underAge, { age: minimumAge })).waitFor();
  await checkpoint(page, `${name}-under-age`);
  await page.getByRole('button', { name: fill(consent.ageGroups.meetsMinimumAge, { age: minimumAge }) }).click();
  await checkpoint(page, `${name}-consent-ready`);
  await page.getByRole('button', { name: consent.consentButton }).click();
}

/** The DASS-21 screener from consent to results: a follow-up on item 1, the crisis notice on item 21. */
async function dass21(page: Page, language: Language, name: string) {
  const { screener } = TEXTS[language].root;
  const onQuestion = (position: number) => page.getByText(fill(screener.progress, { position, total: 21 }), { exact: true }).waitFor();
  await consentStep(page, language, 16, name);
  await onQuestion(1);
  await checkpoint(page, `${name}-question`);

  // The maximum answer asks its follow-ups.
  await answer(page, language, 3);
  const followUp = page.getByRole('textbox');
  await followUp.waitFor();
  await checkpoint(page, `${name}-follow-up`);
  await followUp.fill('Deadlines at work');
  await page.getByRole('button', { name: screener.continue }).click();
  await page.getByRole('button', { name: screener.skip }).click();

  for (let position = 2; position <= 20; position++) {
    await onQuestion(position);
    await answer(page, language, position === 2 ? 1 : 0);
  }
  await onQuestion(21);
  await answer(page, language, 2);
  const notice = page.getByRole('alert').filter({ hasText: TEXTS[language].assessment.crisis.title });
  await notice.waitFor();
  await page.getByRole('heading', { name: TEXTS[language].results.title }).waitFor();
  await checkpoint(page, `${name}-crisis`);
  await notice.getByRole('button', { name: TEXTS[language].assessment.crisis.close }).click();
  await checkpoint(page, `${name}-results`);
}

/** The Combined screener from consent to results: the crisis notice on PHQ-9 item 9, no psychologists. */
async function combined(page: Page, language: Language, name: string) {
  const { screener } = TEXTS[language].root;
  const onQuestion = (position: number) => page.getByText(fill(screener.questionOf, { position, total: 18 })).waitFor();
  await consentStep(page, language, 18, name);
  for (let position = 1; position <= 18; position++) {
    await onQuestion(position);
    if (position === 1) await checkpoint(page, `${name}-whooley-question`);
    if (position === 3) await checkpoint(page, `${name}-phq9-question`);
    await answer(page, language, position === 11 || position <= 2 ? 1 : 0);
    if (position === 11) {
      await page.getByRole('alert').filter({ hasText: TEXTS[language].assessment.crisis.title }).waitFor();
      await checkpoint(page, `${name}-crisis`);
    }
  }
  await page.getByRole('button', { name: screener.viewResults }).click();
  await page.getByRole('heading', { name: TEXTS[language].results.title }).waitFor();
  await page.getByRole('heading', { name: TEXTS[language].booking.noPsychologistsTitle }).waitFor();
  await checkpoint(page, `${name}-results`);
}

/** The visitor's tour at one width, with its own server, SMTP capture and Chromium. */
export function describeVisitorTour(viewport: Viewport) {
  describe(`the visitor’s tour at ${viewport.width} px`, () => {
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
    });
    afterAll(() => smtp.stop());
    const tour = useTour({ serverEnv: () => ({ SMTP_URL: smtp.url, OPENAI_API_KEY: '', OFFER_ENDS_AT }) });

    beforeAll(async () => {
      const { db } = connectDatabase(tour.server.databaseUrl);
      await insertOperator(db, { companySlug: COMBINED_CLINIC });
      // The demo clinic subscribes: the tour's bookings never meet the free-booking limit.
      const demo = await db.selectFrom('users').select('id').where('username', '=', DEMO_OPERATOR.username).executeTakeFirstOrThrow();
      await db
        .insertInto('subscriptions')
        .values({ user_id: demo.id, stripe_customer_id: 'cus_tour', stripe_subscription_id: 'sub_tour', status: 'active', updated_at: new Date() })
        .execute();
      await db.destroy();
    });

    const screen = (name: string) => `tour-${viewport.width}-${name}`;

    it('the landing page, a page that does not exist and a private link that does not', async () => {
      const page = await tour.open(viewport);
      await page.goto(tour.url('/'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkpoint(page, screen('landing'));
      await page.goto(tour.url('/no-such-page'));
      await page.getByRole('heading', { name: en.notFound.title }).waitFor();
      await checkpoint(page, screen('not-found'));
      for (const language of LANGUAGES) {
        await page.goto(tour.url(`${prefixOf(language)}/appointments/manage/not-a-token`));
        await page.getByText(TEXTS[language].booking.manageNotFound).waitFor();
        await checkpoint(page, screen(`${language}-manage-unknown-link`));
      }
    });

    it.each(LANGUAGES)('DASS-21 in %s, its booking dialog and its errors, and the private appointment page', async (language) => {
      const page = await tour.open(viewport);
      const { booking } = TEXTS[language];
      const name = screen(`${language}-dass21`);
      await page.goto(tour.url(`${prefixOf(language)}/screener/${DEMO_SLUG}`));
      await dass21(page, language, name);

      await page
        .getByRole('region', { name: booking.title })
        .getByRole('button', { name: fill(booking.chooseWith, { name: 'Dr. Aisyah Rahman' }) })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
      await dayChoices(dialog).last().waitFor();
      await checkpoint(page, `${name}-booking-days`);
      // The last day's last time: beyond the psychologist's notice, so the visitor may still move it.
      await dayChoices(dialog).last().check();
      await timeChoices(dialog).last().waitFor();
      await checkpoint(page, `${name}-booking-times`);
      await timeChoices(dialog).last().check();
      await dialog.getByLabel(booking.fullName).waitFor();
      await checkpoint(page, `${name}-booking-form`);

      // Errors: a phone number the rules refuse, then an address only the server refuses.
      const email = `aina.${language}.${viewport.width}@example.my`;
      await dialog.getByLabel(booking.fullName).fill(VISITOR.name);
      await dialog.getByLabel(booking.phone).fill('12345');
      await dialog.getByLabel(booking.email).fill('aina@');
      await dialog.getByLabel(booking.email).press('Tab');
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
      await checkpoint(page, `${name}-booking-field-error`);
      await dialog.getByLabel(booking.phone).fill(VISITOR.phone);
      await dialog.getByRole('button', { name: booking.confirm }).click();
      await dialog.getByLabel(booking.email).and(page.locator('[aria-invalid="true"]')).waitFor();
      await checkpoint(page, `${name}-booking-server-error`);

      await dialog.getByLabel(booking.email).fill(email);
      await dialog.getByRole('button', { name: booking.confirm }).click();
      const received = page.getByRole('dialog', { name: booking.receivedTitle });
      await received.waitFor();
      await checkpoint(page, `${name}-booking-received`);
      await received.getByRole('button', { name: booking.close }).click();

      // The private page the confirmation links to, with its data choices.
      await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
      const raw = decodeQuotedPrintable(smtp.messages.find((m) => m.to.includes(email))!.raw);
      const token = /\/appointments\/manage\/([\w-]+)/.exec(raw)![1]!;
      await page.goto(tour.url(`${prefixOf(language)}/appointments/manage/${token}`));
      const manage = page.getByRole('region', { name: booking.manageTitle });
      await manage.getByText(fill(booking.manageWith, { psychologist: 'Dr. Aisyah Rahman' })).waitFor();
      await manage.getByLabel(booking.manageRescheduleLabel).waitFor();
      await checkpoint(page, `${name}-manage`);
      await manage.getByRole('button', { name: booking.manageErase }).click();
      await manage.getByText(booking.manageEraseConfirm).waitFor();
      await checkpoint(page, `${name}-manage-erase-confirm`);
      await manage.getByRole('button', { name: booking.manageEraseNo }).click();
    });

    it.each(LANGUAGES)('the Combined screener in %s, at a clinic without psychologists', async (language) => {
      const page = await tour.open(viewport);
      await page.goto(tour.url(`${prefixOf(language)}/screener/${COMBINED_CLINIC}`));
      await combined(page, language, screen(`${language}-combined`));
    });
  });
}
