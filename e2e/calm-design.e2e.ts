import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { insertOperator, insertPsychologist } from '../db/testing/fixtures';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { answerDass21, completeDass21Quickly, consent, DASS_LABELS, waitForDassQuestion } from './support/screener-steps';
import { useBrowserSession } from './support/session';

// Issue 15 for the visitor: the calm theme in every state (axe after each interaction, the
// disabled consent button readable), the clinic's name, logo and footer on every step, its contact
// where SPEC says "contact us directly", the emergency lines once, and follow-up words kept.
// With E2E_SCREENSHOTS=1, screenshots of each step at 390 and 1280 px land in test-results/e2e/calm-*.png.

const CLINIC = { slug: 'klinik-tenang', name: 'Klinik Tenang' };
const CONTACT = { name: 'Klinik Tenang front desk', phone: '03-2345 6789' };
const PSYCHOLOGIST = 'Dr. Farah Lim';
const YEAR = new Date().getFullYear();

/** WCAG's contrast of an element's text on its own background, as Chromium computed them. */
async function textContrast(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const channels = (value: string): number[] => {
      const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(value);
      if (srgb) return srgb.slice(1, 4).map(Number);
      const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(value);
      if (rgb) return rgb.slice(1, 4).map((channel) => Number(channel) / 255);
      throw new Error(`unread colour ${value}`);
    };
    const luminance = (value: string) => {
      const [r, g, b] = channels(value).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(node);
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}

describe('the calm design and the clinic’s own screener', () => {
  const session = useBrowserSession({
    // A blank OPENAI_API_KEY keeps a developer's own key out: the built-in writer answers.
    serverEnv: () => ({ OPENAI_API_KEY: '' }),
    bypassCSP: true,
  });

  beforeAll(async () => {
    // A DASS-21 clinic with a logo, a contact and one psychologist (whose free times fail to load below).
    const { db } = connectDatabase(session.server.databaseUrl);
    const { userId, configurationId } = await insertOperator(db, { companySlug: CLINIC.slug, companyName: CLINIC.name });
    await db
      .updateTable('screener_configurations')
      .set({ test_type: 'DASS-21', logo_url: '/demo-logo.svg', crisis_contact_name: CONTACT.name, crisis_contact_phone: CONTACT.phone })
      .where('id', '=', configurationId)
      .execute();
    await insertPsychologist(db, userId, { name: PSYCHOLOGIST });
    await db.destroy();
  });

  /** The clinic's header and footer, checked with axe and photographed, at one step. */
  async function checkStep(page: Page, step: string, width: number) {
    const header = page.locator('header');
    expect(await header.textContent(), step).toContain(CLINIC.name);
    expect(await header.locator('img').getAttribute('src'), step).toBe('/demo-logo.svg');
    const footer = page.locator('footer');
    expect(await footer.textContent(), step).toContain(`© ${YEAR} ${CLINIC.name}. All rights reserved.`);
    expect(await footer.getByText('Powered by Minda').isVisible(), step).toBe(true);
    await expectNoViolations(page, `${step} at ${width} px`);
    await screenshot(page, `calm-${step}-${width}`);
  }

  it.each([390, 1280])('keeps the clinic’s name, logo and footer on every step, each state AA, at %i px', async (width) => {
    const { page } = session;
    await page.setViewportSize({ width, height: 900 });
    await session.visit(`/screener/${CLINIC.slug}`);
    await page.getByRole('heading', { name: 'Before We Begin' }).waitFor();

    // Disabled until an age is chosen, and still readable.
    const consentButton = page.getByRole('button', { name: 'I understand and consent to continue' });
    expect(await consentButton.isDisabled()).toBe(true);
    expect(await textContrast(consentButton)).toBeGreaterThanOrEqual(4.5);
    await checkStep(page, 'consent', width);

    await page.getByRole('button', { name: 'Under 18' }).click();
    await page.getByRole('status').filter({ hasText: 'This tool is designed for individuals 18 years and older' }).waitFor();
    await checkStep(page, 'under-age', width);

    await consent(page, '18 or older');
    await waitForDassQuestion(page, 1);
    await checkStep(page, 'question', width);

    await page.getByRole('button', { name: DASS_LABELS[3] }).click();
    await page.getByRole('textbox', { name: 'Your answer (optional)' }).waitFor();
    expect(await textContrast(page.getByRole('button', { name: 'Continue' }))).toBeGreaterThanOrEqual(4.5);
    await checkStep(page, 'follow-up', width);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();

    await page.getByRole('button', { name: 'Need help now?' }).click();
    const help = page.getByRole('dialog', { name: 'Need help now?' });
    await help.getByText(`${CONTACT.name}: ${CONTACT.phone}`).waitFor();
    await checkStep(page, 'need-help', width);
    await help.getByRole('button', { name: 'Close' }).click();

    // Item 21 at 2 raises the crisis notice: a card of help with the numbers, over the results.
    await answerDass21(page, () => 2, 2, 21);
    const notice = page.getByRole('alert').filter({ hasText: 'You are not alone' });
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: '15555' }).isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    await page.getByRole('region', { name: 'Personalised Insights' }).getByText('Over the past week').waitFor();
    await checkStep(page, 'results', width);

    // The free times fail to load: the clinic's own contact stands under "contact us directly".
    await page.route((url) => url.pathname.includes('public.availability'), (route) => route.abort());
    await page.getByRole('button', { name: `Book a session with ${PSYCHOLOGIST}` }).click();
    const dialog = page.getByRole('dialog', { name: PSYCHOLOGIST });
    await dialog.getByText('Please check back later or contact us directly.').waitFor();
    expect(await dialog.getByRole('link', { name: CONTACT.phone }).getAttribute('href')).toBe('tel:+60323456789');
    expect(await dialog.textContent()).toContain(CONTACT.name);
    await checkStep(page, 'slots-failed', width);
  });

  it('gives the sample screener Minda’s footer, and an all-normal visitor the emergency lines once', async () => {
    const { page } = session;
    await session.visit('/screener/default');
    await completeDass21Quickly(page);
    // No psychologists: the booking section lists the lines, and the plan keeps its UK-style listening line.
    const booking = page.getByRole('region', { name: 'Book an Appointment' });
    await booking.getByRole('link', { name: '15555' }).waitFor();
    expect(await page.locator('a[href="tel:15555"]:visible').count()).toBe(1);
    expect(await page.locator('a[href="tel:999"]:visible').count()).toBe(1);
    const plan = (await page.getByRole('region', { name: 'Your Personalised Wellbeing Plan' }).textContent()) ?? '';
    expect(plan).toContain('Befrienders Kuala Lumpur');
    expect(plan).not.toContain('Samaritans');
    const footer = (await page.locator('footer').textContent()) ?? '';
    expect(footer).toContain(`© ${YEAR} Minda. All rights reserved.`);
    expect(footer).not.toContain('Powered by');
    await expectNoViolations(page, 'sample results');
  });

  it('shows the follow-up words again on the way back, by Previous and by the browser’s back', async () => {
    const { page } = session;
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    await waitForDassQuestion(page, 1);
    await page.getByRole('button', { name: DASS_LABELS[3] }).click();
    const box = page.getByRole('textbox', { name: 'Your answer (optional)' });
    await page.getByRole('heading', { name: /keeps you from winding down/ }).waitFor();
    await box.fill('Deadlines at work');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: /What do you do now to unwind/ }).waitFor();
    await box.fill('A walk after dinner');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForDassQuestion(page, 2);

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('heading', { name: /What do you do now to unwind/ }).waitFor();
    expect(await box.inputValue()).toBe('A walk after dinner');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('heading', { name: /keeps you from winding down/ }).waitFor();
    expect(await box.inputValue()).toBe('Deadlines at work');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForDassQuestion(page, 2);
    await page.goBack();
    await page.getByRole('heading', { name: /What do you do now to unwind/ }).waitFor();
    expect(await box.inputValue()).toBe('A walk after dinner');
    // The prompt says who reads the words, as the privacy text does: only with the sharing choice.
    expect(await page.getByText(/reads it only if you choose to share your results when you book/).isVisible()).toBe(true);
  });

  it('passes axe in the error states: the screener that failed to load, and a step that failed to arrive', async () => {
    const { page } = session;
    await page.route('**/trpc/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await session.visit(`/screener/${CLINIC.slug}`);
    await page.getByText('Failed to load screener configuration.').waitFor();
    await expectNoViolations(page, 'load failed');
    await screenshot(page, 'calm-load-failed');
    await page.unroute('**/trpc/**');

    await page.route('**/assets/Dass21Questions-*.js', (route) => route.abort());
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    await page.getByRole('alert').filter({ hasText: 'This part could not be loaded' }).waitFor();
    await expectNoViolations(page, 'step failed');
    await screenshot(page, 'calm-step-failed');
  });
});
