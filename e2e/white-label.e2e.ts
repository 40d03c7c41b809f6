import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SLUG } from '../db/seed-demo';
import { expectAccessibleAtBothWidths, LAPTOP, signIn } from './support/admin';
import { expectNoViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';

// Issue 26, white label: the clinic sets its colour (a low-contrast one is refused with a
// readable message) and uploads a logo; the screener shows both in English and Malay without
// "Admin Login"; the login page is in Malay under /ms/. axe after each interaction, at 390 and
// 1280 px; with E2E_SCREENSHOTS=1, screenshots in test-results/e2e/white-label-*.png.

const COLOUR = '#1d4ed8';
const COLOUR_RGB = 'rgb(29, 78, 216)';
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#1d4ed8"/></svg>';

/** Every axe violation, of any impact, at both widths; a screenshot at each. */
async function expectCleanAtBothWidths(page: Page, screen: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await expectNoViolations(page, `${screen} at ${width} px`);
    await screenshot(page, `white-label-${screen}-${width}`);
  }
}

describe('the clinic’s own colour and logo', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('refuses an unreadable colour, saves a readable one and a logo, and the screener wears both in both languages', async () => {
    const { page } = session;
    await signIn(session);
    await page.setViewportSize(LAPTOP);
    await session.visit('/admin/screener');
    await page.getByRole('heading', { name: 'Admin Setup', level: 1 }).waitFor();

    const colour = page.getByRole('textbox', { name: 'Primary colour (optional)' });
    const save = page.getByRole('button', { name: 'Save Configuration' });
    await colour.fill('#ffd700');
    await save.click();
    await page.getByText(/too hard to read: white text on it, or it as text on the page, reaches only 1\.\d:1/).waitFor();
    expect(await colour.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleAtBothWidths(page, 'refused colour');

    await colour.fill(COLOUR);
    await save.click();
    await page.getByText('Your configuration has been saved successfully.').first().waitFor();
    await page.getByLabel('Or upload your logo').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
    await page.getByRole('button', { name: 'Remove the uploaded logo' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'colour and logo saved');

    for (const [path, age, consentName] of [
      [`/screener/${DEMO_SLUG}`, '16 or older', 'I understand and consent to continue'],
      [`/ms/screener/${DEMO_SLUG}`, '16 tahun ke atas', 'Saya faham dan bersetuju untuk meneruskan'],
    ] as const) {
      await session.visit(path);
      const consent = page.getByRole('button', { name: consentName });
      await consent.waitFor();
      // Enabled, the consent button is drawn in the clinic's colour.
      await page.getByRole('button', { name: age }).click();
      expect(await page.locator('header img').getAttribute('src'), path).toMatch(/^\/api\/public\/logo\/[0-9a-f-]{36}\?v=[0-9a-f]{16}$/);
      expect(await page.locator('header img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), path).toBe(true);
      // Once its colour transition from the disabled grey has run.
      await consent.evaluate((button, rgb) => new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 3_000;
        const check = () => (getComputedStyle(button).backgroundColor === rgb ? resolve() : Date.now() > deadline ? reject(new Error(getComputedStyle(button).backgroundColor)) : requestAnimationFrame(check));
        check();
      }), COLOUR_RGB);
      expect(await page.getByText(/Admin Login|Log Masuk Pentadbir/).count(), path).toBe(0);
      await expectCleanAtBothWidths(page, path.startsWith('/ms') ? 'screener-ms' : 'screener-en');
    }

    // Signed out: a signed-in operator is sent on to admin setup.
    await page.context().clearCookies();
    await session.visit('/ms/login');
    await page.getByRole('heading', { name: 'Log Masuk Pentadbir' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ms');
    await expectCleanAtBothWidths(page, 'login-ms');
  });
});
