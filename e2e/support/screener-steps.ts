import type { Page } from 'playwright-core';

/** The visitor's steps through a screener, shared by the browser journeys. */

/** A page, or the screener framed in a clinic's page (page.frameLocator). */
type Screen = Pick<Page, 'getByRole' | 'getByText'>;

export const MALAY_CONSENT = 'Saya faham dan bersetuju untuk meneruskan';

export const DASS_LABELS = [
  'Did not apply to me at all',
  'Applied to me to some degree, or some of the time',
  'Applied to me to a considerable degree or a good part of time',
  'Applied to me very much or most of the time',
] as const;

export async function waitForDassQuestion(page: Screen, position: number) {
  await page.getByText(`${position} of 21`, { exact: true }).waitFor();
}

/** Answers DASS-21 questions from `from` (1-based) with the given score for each item id. */
export async function answerDass21(page: Screen, scoreOf: (id: number) => 0 | 1 | 2, from = 1, to = 21) {
  for (let position = from; position <= to; position++) {
    await waitForDassQuestion(page, position);
    await page.getByRole('button', { name: DASS_LABELS[scoreOf(position)] }).click();
  }
}

export async function consent(page: Screen, ageButton: string, consentButton = 'I understand and consent to continue') {
  await page.getByRole('button', { name: ageButton }).click();
  await page.getByRole('button', { name: consentButton }).click();
}

/** Consents and answers every DASS-21 item 'Did not apply to me at all', up to the results. */
export async function completeDass21Quickly(page: Screen) {
  await consent(page, '16 or older');
  await answerDass21(page, () => 0);
  await page.getByRole('heading', { name: 'Your Results' }).waitFor();
}

/**
 * The results of one DASS-21 screening for journeys about what follows them (the booking dialog,
 * the appointment): the first call answers every item through the page, as completeDass21Quickly
 * does; each later call puts what that tab kept back into the fresh tab's storage, as a reload
 * reads it, and opens the results without answering again. The screener's own journeys (and
 * screener-progress's reloads) keep answering in the page.
 */
export function resultsReachedOnce(): (page: Page, screenerUrl: string) => Promise<void> {
  let kept: [string, string][] | undefined;
  return async (page, screenerUrl) => {
    if (!kept) {
      await page.goto(screenerUrl);
      await completeDass21Quickly(page);
      kept = await page.evaluate(() => Object.entries(sessionStorage));
      return;
    }
    // Any page of the origin opens the tab's storage; /healthz draws nothing.
    await page.goto(new URL('/healthz', screenerUrl).href);
    await page.evaluate((entries) => entries.forEach(([key, value]) => sessionStorage.setItem(key, value)), kept);
    await page.goto(screenerUrl);
    await page.getByRole('heading', { name: 'Your Results' }).waitFor();
  };
}

/**
 * Waits until the build's chunks of the given names (`Dass21Questions`, `assessment`…) have
 * arrived, then a moment for them to be evaluated and their texts drawn from.
 */
export async function waitForChunks(page: Page, names: string[]) {
  await page.waitForFunction(
    (prefixes) => prefixes.every((prefix) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(prefix))),
    names.map((name) => `/assets/${name}-`),
  );
  await page.waitForTimeout(200);
}

/** Counts the spinners drawn from now on; a step whose code and texts arrived ahead draws none. */
export async function watchForSpinners(page: Page): Promise<() => Promise<number>> {
  const seen = await page.evaluateHandle(() => {
    const counter = { spinners: 0 };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && (node.matches('.loading-spinner') || node.querySelector('.loading-spinner'))) counter.spinners++;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
    return counter;
  });
  return () => seen.evaluate((counter) => counter.spinners);
}
