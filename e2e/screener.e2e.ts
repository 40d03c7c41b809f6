import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { insertOperator } from '../db/testing/fixtures';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { DASS21_QUESTIONS } from '../domain/dass21';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import {
  answerDass21,
  consent,
  DASS_LABELS,
  MALAY_CONSENT,
  waitForChunks,
  waitForDassQuestion,
  watchForSpinners,
} from './support/screener-steps';
import { useBrowserSessionOn } from './support/dialect-session';

describe.each(TEST_DIALECTS)('the visitor’s screener on %s', (dialect) => {
  const session = useBrowserSessionOn(dialect);

  beforeAll(async () => {
    // A second clinic with the Combined test, a minimum age of 18 and a custom Important text.
    const { db } = connectDatabase(session.server.databaseUrl);
    await insertOperator(db, { companySlug: 'klinik-gabungan' });
    await db.destroy();
  });

  it('runs DASS-21 to the end with a known pattern and shows all three scores and levels', async () => {
    const { page } = session;
    await session.visit('/screener/default');
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
    await expectNoViolations(page, 'consent');
    // Each later step's code and texts are fetched a step ahead, so it appears without a spinner.
    await waitForChunks(page, ['Dass21Questions', 'assessment']);
    const questionSpinners = await watchForSpinners(page);
    await consent(page, '16 or older');
    await waitForDassQuestion(page, 1);
    expect(await questionSpinners()).toBe(0);
    await expectNoViolations(page, 'question');

    // Depression items 2 (item 21 only 1), anxiety items 1, stress items 0.
    const category = (id: number) => DASS21_QUESTIONS[id - 1]!.category;
    const score = (id: number) => (category(id) === 'depression' ? (id === 21 ? 1 : 2) : category(id) === 'anxiety' ? 1 : 0);
    await answerDass21(page, score, 1, 20);
    await waitForChunks(page, ['Dass21Results', 'results', 'booking']);
    const resultSpinners = await watchForSpinners(page);
    await answerDass21(page, score, 21);

    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    expect(await resultSpinners()).toBe(0);
    const card = (name: string) => page.getByRole('region', { name, exact: true }).textContent();
    expect(await card('Depression')).toBe('Depression26 out of 42Severe');
    expect(await card('Anxiety')).toBe('Anxiety14 out of 42Moderate');
    expect(await card('Stress')).toBe('Stress0 out of 42Normal');
    expect(await page.getByText('Your answers place 1 area in the severe range').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Priority professional support' }).isVisible()).toBe(true);
    expect(await page.getByText('Take this screener again in 1–2 weeks').isVisible()).toBe(true);
    expect(await page.getByText(/not a diagnosis/).first().isVisible()).toBe(true);
    // Without a key the built-in writer sums up the scores; severe depression brings the crisis lines.
    const insights = page.getByRole('region', { name: 'Personalised Insights' });
    await insights
      .getByText('Over the past week, your scores were depression 26 of 42 (Severe), anxiety 14 of 42 (Moderate), and stress 0 of 42 (Normal).', { exact: false })
      .waitFor();
    expect(await insights.getByRole('listitem').first().textContent()).toMatch(/^If you are in danger .* call 999 \(or 112 from a mobile\) now/);
    await screenshot(page, `dass21-results-${dialect}`);
    await expectNoViolations(page, 'results');

    await page.getByRole('button', { name: 'Take Screener Again' }).click();
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
    expect(await page.getByRole('button', { name: 'I understand and consent to continue' }).isDisabled()).toBe(true);
  });

  it('asks the follow-ups of a maximum answer, with Continue, Previous and Skip', async () => {
    const { page } = session;
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    await waitForDassQuestion(page, 1);
    await page.getByRole('button', { name: DASS_LABELS[3] }).click();

    const first = page.getByRole('heading', { name: /keeps you from winding down/ });
    await first.waitFor();
    const box = page.getByRole('textbox', { name: 'Your answer (optional)' });
    const continueButton = page.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await continueButton.isDisabled()).toBe(true);
    await box.fill('Deadlines at work');
    await continueButton.click();

    await page.getByRole('heading', { name: /What do you do now to unwind/ }).waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await first.waitFor();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await waitForDassQuestion(page, 2);
    expect(await page.getByRole('textbox').count()).toBe(0);
  });

  it('shows the crisis notice on item 21 and keeps it until it is closed', async () => {
    const { page } = session;
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    await answerDass21(page, () => 0, 1, 20);
    await waitForDassQuestion(page, 21);
    await page.getByRole('button', { name: DASS_LABELS[2] }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'You are not alone' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Talian HEAL: 15555');
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    expect(await notice.isVisible()).toBe(true);
    await screenshot(page, `crisis-${dialect}`);
    await notice.getByRole('button', { name: 'Close' }).click();
    expect(await notice.count()).toBe(0);
  });

  it('runs the Combined screener to its three cards, with the under-age message on the way', async () => {
    const { page } = session;
    await session.visit('/screener/klinik-gabungan');
    await page.getByRole('button', { name: 'Under 18' }).click();
    await page
      .getByText('This tool is designed for individuals 18 years and older. We encourage you to speak with a trusted adult, parent, or healthcare provider about your wellbeing.')
      .waitFor();
    // A custom Important text is shown as written, less its 'Important: ' prefix.
    expect(await page.getByText('custom text', { exact: true }).isVisible()).toBe(true);
    await consent(page, '18 or older');

    const answers: Record<number, string> = { 1: 'Yes', 2: 'No' };
    for (let id = 3; id <= 11; id++) answers[id] = 'Several days';
    for (let id = 12; id <= 18; id++) answers[id] = 'More than half the days';
    for (let id = 1; id <= 18; id++) {
      await page.getByText(`Question ${id} of 18`).waitFor();
      if (id === 1) expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      if (id === 3) expect(await page.getByText('PHQ-9', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: answers[id]!, exact: true }).click();
    }
    // No auto-advance on the last question: the visitor confirms with View Results.
    await page.waitForTimeout(600);
    expect(await page.getByText('Question 18 of 18').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'View Results' }).click();

    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    const card = (name: string) => page.getByRole('region', { name, exact: true }).textContent();
    expect(await card('Whooley')).toBe('Whooley1 out of 2Positive');
    expect(await card('PHQ-9')).toBe('PHQ-99 out of 27Mild');
    expect(await card('GAD-7')).toBe('GAD-714 out of 21Moderate');
    // PHQ-9 item 9 (question 11) above 0 raised the crisis notice.
    expect(await page.getByRole('alert').filter({ hasText: 'You are not alone' }).isVisible()).toBe(true);
    await screenshot(page, `combined-results-${dialect}`);
    await page.getByRole('button', { name: 'Take Assessment Again' }).click();
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
  });

  it('serves the Malay screener where enabled, and the switch keeps the identifier and the progress', async () => {
    const { page } = session;
    await session.visit('/ms/screener/klinik-minda');
    await page.getByRole('heading', { name: 'Sebelum Kita Bermula' }).waitFor();
    expect(await page.getByText(/^Saringan ini hanya untuk refleksi dan kesedaran diri/).isVisible()).toBe(true);
    await expectNoViolations(page, 'consent (ms)');
    await consent(page, '16 tahun ke atas', MALAY_CONSENT);
    await page.getByText('1 daripada 21', { exact: true }).waitFor();
    await screenshot(page, `malay-question-${dialect}`);

    await page.getByRole('link', { name: 'Read in English' }).click();
    await page.waitForURL('**/screener/klinik-minda');
    expect(new URL(page.url()).pathname).toBe('/screener/klinik-minda');
    await waitForDassQuestion(page, 1);
    await page.getByRole('link', { name: 'Baca dalam Bahasa Melayu' }).click();
    await page.waitForURL('**/ms/screener/klinik-minda');
  });

  // A failed fetch (a network blip, or a chunk gone after a deploy) used to leave a spinner or
  // unmount the page. Here the chunk is refused until the visitor presses Try again.
  it.each([
    ['code', '**/assets/Dass21Questions-*.js'],
    ['texts', '**/assets/assessment-*.js'],
  ])('offers Try again when the questions’ %s failed to arrive, and it brings them', async (_what, chunk) => {
    const { page } = session;
    let refuse = true;
    await page.route(chunk, (route) => (refuse ? route.abort() : route.continue()));
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    const failure = page.getByRole('alert').filter({ hasText: 'This part could not be loaded' });
    await failure.waitFor();
    refuse = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await waitForDassQuestion(page, 1);
    expect(await failure.count()).toBe(0);
  });

  // Every step waits for the test's rules (fetched while the consent step shows): without them a
  // click would do nothing, so the step gives way to Try again as soon as their fetch fails.
  it('offers Try again when the test’s rules failed to arrive, and then the steps work', async () => {
    const { page } = session;
    let refuse = true;
    await page.route('**/assets/dass21-session-*.js', (route) => (refuse ? route.abort() : route.continue()));
    await session.visit('/screener/default');
    const failure = page.getByRole('alert').filter({ hasText: 'This part could not be loaded' });
    await failure.waitFor();
    expect(await page.getByRole('button', { name: 'I understand and consent to continue' }).count()).toBe(0);
    refuse = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await consent(page, '16 or older');
    await waitForDassQuestion(page, 1);
    expect(await failure.count()).toBe(0);
  });

  it('sends a visitor of a Malay route back to English where Malay is not enabled', async () => {
    const { page } = session;
    await session.visit('/ms/screener/default');
    await page.waitForURL((url) => url.pathname === '/screener/default');
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();
    expect(await page.getByRole('link', { name: 'Baca dalam Bahasa Melayu' }).count()).toBe(0);
  });
});
