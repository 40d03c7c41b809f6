import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser';
import { type RunningServer, startBuiltServer } from './support/server';

describe('smoke journey on a fresh embedded database', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  });
  afterEach(() => page.close());

  const visit = (path: string) => page.goto(`${server.url}${path}`);

  it('shows the landing page with its sign-in link and the sample test', async () => {
    await visit('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mental Health Screening Made Simple');
    expect(await page.getByRole('link', { name: 'Admin Login' }).getAttribute('href')).toBe('/login');
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Start the sample test' }).click();
    await page.waitForURL('**/screener/default');
  });

  it('shows the default configuration with the brain icon on /screener/default', async () => {
    await visit('/screener/default');
    await page.getByRole('heading', { name: 'DASS-21 Wellbeing Screener' }).waitFor();
    expect(await page.getByText('A supportive tool to help you reflect on your wellbeing').isVisible()).toBe(true);
    expect(await page.getByText('Anonymous & Confidential').isVisible()).toBe(true);
    expect(await page.locator('main img').count()).toBe(0);
    await screenshot(page, 'screener-default');
  });

  it("shows the demo clinic's branding on its slug, and the same by its id", async () => {
    await visit('/screener/klinik-minda');
    await page.getByRole('heading', { name: 'Klinik Minda Wellbeing Check' }).waitFor();
    const logo = page.getByRole('img', { name: 'Klinik Minda' });
    expect(await logo.getAttribute('src')).toBe('/demo-logo.svg');
    await screenshot(page, 'screener-demo-slug');

    const configuration = (await (await fetch(`${server.url}/api/public/configuration/slug/klinik-minda`)).json()) as { id: string };
    await visit(`/screener/${configuration.id}`);
    await page.getByRole('heading', { name: 'Klinik Minda Wellbeing Check' }).waitFor();
  });

  it('falls back to the brain icon when the logo fails to load', async () => {
    await page.route('**/demo-logo.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await visit('/screener/klinik-minda');
    await page.getByRole('heading', { name: 'Klinik Minda Wellbeing Check' }).waitFor();
    await expect.poll(() => page.locator('main img').count()).toBe(0);
    expect(await page.locator('main svg').count()).toBe(1);
  });

  it('shows the error screen when the configuration call fails', async () => {
    await page.route('**/trpc/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await visit('/screener/klinik-minda');
    await page.getByText('Failed to load screener configuration.').waitFor();
    expect(await page.getByText('Please try refreshing the page or contact the administrator.').isVisible()).toBe(true);
    await screenshot(page, 'screener-error');
  });

  it('shows the not-found screen on any other path', async () => {
    await visit('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await screenshot(page, 'not-found');
  });
});
