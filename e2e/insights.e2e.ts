import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';

const ANALYSIS = {
  summary: 'You seem to be coping well this week.',
  recommendations: ['Keep your evening walks.', 'Check in with a friend this weekend.'],
};

/** Consents and answers every DASS-21 item with the same answer, in English or Malay. */
async function finishDass21(page: Page, text: { consent: string; age: string; progress: (n: number) => string; answer: string }) {
  await page.getByRole('button', { name: text.age }).click();
  await page.getByRole('button', { name: text.consent }).click();
  for (let position = 1; position <= 21; position++) {
    await page.getByText(text.progress(position), { exact: true }).waitFor();
    await page.getByRole('button', { name: text.answer }).click();
  }
}

const ENGLISH = {
  consent: 'I understand and consent to continue',
  age: '16 or older',
  progress: (n: number) => `${n} of 21`,
  answer: 'Did not apply to me at all',
};

/** The tRPC batch answer the browser client expects (superjson on the wire). */
const trpcBatchBody = (data: unknown) => JSON.stringify([{ result: { data: { json: data } } }]);

describe('the insights card', () => {
  // A blank key keeps a developer's own OPENAI_API_KEY out of the run: the built-in writer answers.
  const session = useBrowserSession({ serverEnv: () => ({ OPENAI_API_KEY: '' }) });
  const card = () => session.page.getByRole('region', { name: 'Personalised Insights' });

  it('says it is generating while the analysis is on its way, then shows the summary and recommendations, asked once', async () => {
    const { page } = session;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/trpc/public.analyze**', async (route: Route) => {
      calls += 1;
      await released;
      await route.fulfill({ status: 200, contentType: 'application/json', body: trpcBatchBody(ANALYSIS) });
    });
    await session.visit('/screener/default');
    await finishDass21(page, ENGLISH);

    await card().getByText('Generating personalized insights...').waitFor();
    expect(await card().getAttribute('aria-busy')).toBe('true');
    await screenshot(page, 'insights-loading');

    release();
    await card().getByText(ANALYSIS.summary).waitFor();
    expect(await card().getByRole('listitem').allTextContents()).toEqual(ANALYSIS.recommendations);
    expect(await card().getAttribute('aria-busy')).toBe('false');
    expect(await card().getByText('Generating personalized insights...').count()).toBe(0);
    expect(calls).toBe(1);
    await screenshot(page, 'insights-analysis');
  });

  it('shows the failure sentence when the analysis call fails', async () => {
    const { page } = session;
    await page.route('**/trpc/public.analyze**', (route: Route) => route.abort('failed'));
    await session.visit('/screener/default');
    await finishDass21(page, ENGLISH);

    await card().getByText('Unable to generate personalized analysis at this time.').waitFor();
    expect(await card().getByRole('listitem').count()).toBe(0);
    await screenshot(page, 'insights-failed');
  });

  it('shows the built-in writer’s Malay analysis on the Malay screener', async () => {
    const { page } = session;
    await session.visit('/ms/screener/klinik-minda');
    await finishDass21(page, {
      consent: 'Saya faham dan bersetuju untuk meneruskan',
      age: '16 tahun ke atas',
      progress: (n) => `${n} daripada 21`,
      answer: 'Tidak langsung menggambarkan keadaan saya',
    });

    const malayCard = page.getByRole('region', { name: 'Pandangan Peribadi' });
    await malayCard.getByText(/Jawapan anda berada dalam julat normal/).waitFor();
    expect(await malayCard.textContent()).toContain(
      'Sepanjang minggu lepas, skor anda ialah kemurungan 0 daripada 42 (Normal), kebimbangan 0 daripada 42 (Normal) dan tekanan 0 daripada 42 (Normal).',
    );
    expect(await malayCard.getByRole('listitem').count()).toBe(3);
    await screenshot(page, 'insights-built-in-malay');
  });
});
