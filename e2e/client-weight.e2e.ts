import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BUDGET_BYTES, firstLoads, SCREENER_BUDGET_BYTES } from '../bench/support/first-load-scripts';
import { launchChromium } from './support/browser';
import { type RunningServer, startBuiltServer } from './support/server';

/**
 * The scripts a visitor's and an admin's first load fetch, counted in Chromium as `npm run bench`
 * counts them (bench/client-weight.ts): the byte counts do not depend on the machine's speed.
 */
describe('client weight counted in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the screener up to its consent step and the admin landing on Today within their budgets', async () => {
    const { screener, admin } = await firstLoads(browser, server.url);
    // The screener's page and the frame it draws in are there; no admin or payment code is.
    expect(screener.files.some((file) => /\/ScreenerPage-/.test(file))).toBe(true);
    expect(screener.files.filter((file) => /\/(AdminSetupPage|SubscribePage|StripeCheckout)-/.test(file))).toEqual([]);
    expect(screener.bytes).toBeLessThanOrEqual(SCREENER_BUDGET_BYTES);
    expect(admin.files.some((file) => /\/AdminSetupPage-/.test(file))).toBe(true);
    expect(admin.bytes).toBeLessThanOrEqual(ADMIN_BUDGET_BYTES);
  });
});
