import type { APIRequestContext, Browser } from 'playwright-core';
import { DEMO_OPERATOR } from '../../db/seed-demo';

export interface FirstLoad {
  /** The scripts' paths, in the order the page asked for them. */
  files: string[];
  /** What Chromium's Resource Timing says they cost: each one's gzip body plus its 300 bytes of headers. */
  bytes: number;
}

declare global {
  interface Window {
    __readyAt?: number;
  }
}

/**
 * The JavaScript a page fetched before it was usable, counted as a browser counts it: every
 * script the page asked for before `readyText` first showed (a step's heading, a section's
 * group), by `transferSize`, which Chromium sets to the gzip body plus a fixed 300 bytes for
 * the headers, so the figure is the same on a busy machine. What a page fetches ahead once it
 * is drawn (the screener's next step) starts after that moment and does not count.
 * `prepare` runs in the page's context first (a sign-in sets its cookie).
 */
export async function scriptsBeforeReady(
  browser: Browser,
  url: string,
  readyText: string,
  prepare?: (request: APIRequestContext) => Promise<void>,
): Promise<FirstLoad> {
  // Asked for gzip alone, as the budget is set in gzip bytes; Chromium would otherwise take br.
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    if (prepare) await prepare(context.request);
    const page = await context.newPage();
    await page.addInitScript((text) => {
      const xpath = `//*[normalize-space(text())=${JSON.stringify(text)}]`;
      const observer = new MutationObserver(() => {
        if (!document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue) return;
        window.__readyAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    }, readyText);
    await page.goto(url);
    await page.waitForFunction(() => window.__readyAt !== undefined);
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime < window.__readyAt! && new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ file: new URL(entry.name).pathname, bytes: entry.transferSize })),
    );
    return { files: scripts.map((script) => script.file), bytes: scripts.reduce((total, script) => total + script.bytes, 0) };
  } finally {
    await context.close();
  }
}

/**
 * The budgets, in bytes as a browser counts them (decision 0017). The screener's is met since
 * 2026-11-28: 119.85 KB (122,722 bytes) counted in Chromium, once React Router's production
 * build, the test's rules fetched with the questions and the session-place texts in the booking
 * namespace took 1.9 KB off. The Try again for rules that failed to arrive then took 50 bytes of
 * the 158 left, so the test holds the budget itself.
 */
export const SCREENER_BUDGET_BYTES = 120 * 1024;
/**
 * The admin's first load was 177.4 KB when first measured (2026-11-27, once the common-password
 * list left it), 188.9 KB at the stop that landed the WhatsApp work, and 192.3 KB (196,922 bytes)
 * once Today and the inbox showed measure alerts and appointments' payments (issues 28 and 30):
 * the entry, the admin page with every screen but the password form and the set-once screens
 * (integrator, payments, outcomes, measure settings), and the code they share. The budget was
 * 190 KB; it is 195 KB now, which leaves about 1.5 %, so a new library on every admin screen still
 * shows as a missed budget. Moving the measure texts out of the admin's namespace, as the payments'
 * left it, is the next cut (issue 31).
 */
export const ADMIN_BUDGET_BYTES = 195 * 1024;

/** The screener's first load, up to its consent step, and the demo clinic's admin landing on Today. */
export async function firstLoads(browser: Browser, serverUrl: string): Promise<{ screener: FirstLoad; admin: FirstLoad }> {
  const screener = await scriptsBeforeReady(browser, `${serverUrl}/screener/default`, 'Before We Begin');
  const admin = await scriptsBeforeReady(browser, `${serverUrl}/admin/today`, 'Waiting for an answer', async (request) => {
    const response = await request.post(`${serverUrl}/api/login`, {
      data: { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
      headers: { origin: serverUrl },
    });
    if (!response.ok()) throw new Error(`signing the demo operator in failed: ${response.status()}`);
  });
  return { screener, admin };
}
