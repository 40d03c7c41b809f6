import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SLUG } from '../db/seed-demo';
import { newScreeningId } from '../server/testing/screenings';
import { signIn } from './support/admin';
import { allAccessibilityViolations } from './support/axe';
import { screenshot } from './support/browser';
import { consent, completeDass21Quickly } from './support/screener-steps';
import { useBrowserSession } from './support/session';

const COUNTS_NOTICE = 'The clinic keeps anonymous daily counts (screenings started and completed, levels reached); nothing in them identifies you';

/** The count a table of the Insights section gives a row. */
async function countIn(section: Locator, table: string, row: string): Promise<string> {
  const figure = section.getByRole('figure').filter({ hasText: table });
  return (await figure.getByRole('row', { name: row, exact: false }).getByRole('cell').textContent())!.trim();
}

/** The screener's events reach the server on their own; the visitor never waits for them. */
function eventCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('screenerEvents')) calls.push(request.postData() ?? '');
  });
  return calls;
}

describe('the clinic’s anonymous insights', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('counts nothing for the sample screener', async () => {
    const { page } = session;
    const calls = eventCalls(page);
    await session.visit('/screener/default');
    await consent(page, '16 or older');
    await page.getByText('1 of 21', { exact: true }).waitFor();
    expect(await page.getByText(COUNTS_NOTICE).count()).toBe(0);
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
  });

  it('shows a completed screening in the admin’s Insights, small counts as "< 5"', async () => {
    const { page } = session;
    const calls = eventCalls(page);
    await session.visit(`/screener/${DEMO_SLUG}`);
    // The privacy notice says so, as a bullet of its own.
    await page.getByRole('listitem').filter({ hasText: COUNTS_NOTICE }).waitFor();
    const completion = page.waitForResponse((response) => response.url().includes('screenerEvents') && response.request().postData()!.includes('completed'));
    await completeDass21Quickly(page);
    expect((await completion).status()).toBe(200);
    // Each step reported once. Steps may share a call: a step the visitor takes before the
    // reporting code has arrived goes with the next one.
    expect(calls.flatMap((body) => [...body.matchAll(/"kind":"(\w+)"/g)].map((match) => match[1]))).toEqual(['started', 'consented', 'completed']);
    // One screening: each of its steps names the same random id.
    expect(new Set(calls.map((body) => /"screening":"([0-9a-f]{32})"/.exec(body)?.[1])).size).toBe(1);
    expect(calls[0]).toMatch(/"screening":"[0-9a-f]{32}"/);

    // Five more screenings started elsewhere today, through the public endpoint.
    for (let i = 0; i < 5; i++) {
      const response = await page.request.post(`${session.server.url}/api/public/events`, {
        data: { screener: DEMO_SLUG, screening: newScreeningId(), events: [{ kind: 'started', testType: 'DASS-21' }] },
        headers: { origin: session.server.url },
      });
      expect(response.status()).toBe(202);
    }

    await signIn(session);
    await session.visit('/admin/insights');
    const insights = page.getByRole('region', { name: 'Insights' });
    await insights.getByRole('button', { name: 'Last 7 days' }).click();
    await insights.getByRole('figure').first().waitFor();

    expect(await countIn(insights, 'Screenings (DASS-21)', 'Started')).toBe('6');
    expect(await countIn(insights, 'Screenings (DASS-21)', 'Completed')).toBe('< 5');
    expect(await countIn(insights, 'Levels: Depression', 'Normal')).toBe('< 5');
    expect(await insights.getByText('Shown once both completed screenings and bookings are 5 or more.').count()).toBe(1);
    // Drawn: one chart per table, the bar of the one exact count included.
    expect(await insights.locator('svg.ct-chart-bar').count()).toBe(await insights.getByRole('table').count());
    expect(await insights.locator('.ct-bar').count()).toBeGreaterThan(0);

    await screenshot(page, 'insights-dashboard');
    // The section alone, at a clinic's desk width: the full page is as long as the admin.
    await page.setViewportSize({ width: 1024, height: 780 });
    await screenshot(insights, 'insights-section');
    // The section's own: the rest of the page is the other sections' tests' business.
    const inInsights = [];
    for (const violation of await allAccessibilityViolations(page)) {
      for (const node of violation.nodes) {
        if ((await insights.locator(node.target.join(' ')).count()) > 0) inInsights.push(`${violation.id} (${violation.help}) at ${node.target.join(' ')}`);
      }
    }
    expect(inInsights).toEqual([]);
  });
});
