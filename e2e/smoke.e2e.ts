import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';

describe('smoke journey on a fresh embedded database', () => {
  const session = useBrowserSession();
  const visit = (path: string) => session.visit(path);

  it('shows the landing page with its sign-in link and the sample test', async () => {
    await visit('/');
    await expect.poll(() => session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Mental Health Screening Made Simple');
    expect(await session.page.getByRole('link', { name: 'Admin Login' }).getAttribute('href')).toBe('/login');
    const text = (await session.page.locator('main').textContent()) ?? '';
    for (const block of [
      'What is this tool?',
      'Note: This tool is for self-reflection and awareness only. It is not a diagnostic tool.',
      'DASS-2121 questions',
      'Whooley Questions2 questions',
      'PHQ-99 questions',
      'GAD-77 questions',
      'Personalized Suggestions',
      'Recommended Next Steps',
      'Resources & Coping Strategies',
      'Take a quick test',
      'Get instant AI insights',
      'Book an appointment',
      'Simple, Transparent Pricing',
      'Try It Now – Sample Test',
    ]) {
      expect(text).toContain(block);
    }
    // Until billing answers visitor-info, the plan shows as it does for a failed call.
    expect(text).toContain('RM79 / month');
    expect(text).toContain('Ongoing launch price');
    expect(await session.page.getByText('RM99', { exact: true }).evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    expect(await session.page.getByRole('link', { name: 'Get Started Now' }).getAttribute('href')).toBe('/signup');
    expect(await session.page.locator('footer').textContent()).toContain('does not provide a medical diagnosis');
    await screenshot(session.page, 'landing');
    await session.page.getByRole('link', { name: 'Start the sample test' }).click();
    await session.page.waitForURL('**/screener/default');
  });

  it('shows the default configuration with the brain icon on /screener/default, with a clean console', async () => {
    const consoleErrors: string[] = [];
    session.page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await visit('/screener/default');
    await session.page.getByRole('heading', { name: 'DASS-21 Wellbeing Screener' }).waitFor();
    // The sample's slug is reserved: no lookup, so no 404 (Lighthouse counts console errors).
    expect(consoleErrors).toEqual([]);
    expect(await session.page.getByText('A supportive tool to help you reflect on your wellbeing').isVisible()).toBe(true);
    expect(await session.page.getByText('Anonymous & Confidential').isVisible()).toBe(true);
    expect(await session.page.locator('header img').count()).toBe(0);
    expect(await session.page.locator('header svg').count()).toBe(1);
    await screenshot(session.page, 'screener-default');
  });

  it("shows the demo clinic's branding on its slug, and the same by its id", async () => {
    await visit('/screener/klinik-minda');
    await session.page.getByRole('heading', { name: 'Klinik Minda Wellbeing Check' }).waitFor();
    // The name beside the logo says who it is, so the image itself is silent.
    expect(await session.page.locator('header').textContent()).toContain('Klinik Minda');
    expect(await session.page.locator('header img').getAttribute('src')).toBe('/demo-logo.svg');
    await screenshot(session.page, 'screener-demo-slug');

    const configuration = (await (await fetch(`${session.server.url}/api/public/configuration/slug/klinik-minda`)).json()) as { id: string };
    await visit(`/screener/${configuration.id}`);
    await session.page.getByRole('heading', { name: 'Klinik Minda Wellbeing Check' }).waitFor();
  });

  it('falls back to the brain icon when the logo fails to load', async () => {
    await session.page.route('**/demo-logo.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await visit('/screener/klinik-minda');
    await session.page.getByRole('heading', { name: 'Klinik Minda Wellbeing Check' }).waitFor();
    await expect.poll(() => session.page.locator('header img').count()).toBe(0);
    expect(await session.page.locator('header svg').count()).toBe(1);
  });

  it('shows the error screen when the configuration call fails', async () => {
    await session.page.route('**/trpc/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await visit('/screener/klinik-minda');
    await session.page.getByText('Failed to load screener configuration.').waitFor();
    expect(await session.page.getByText('Please try refreshing the page or contact the administrator.').isVisible()).toBe(true);
    await screenshot(session.page, 'screener-error');
  });

  it('shows the not-found screen on any other path', async () => {
    await visit('/no/such/page');
    await session.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await session.page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await screenshot(session.page, 'not-found');
  });
});
