import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { allAccessibilityViolations, describeViolations } from './axe';
import { launchChromium, screenshot } from './browser';
import { type RunningServer, startBuiltServer } from './server';

/** The two widths every screen is checked at: a phone and a laptop (issue 15). */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/**
 * After an interaction: axe (WCAG 2.2 AA and best practices, any impact) and, when
 * E2E_SCREENSHOTS=1 asks, a full-page screenshot (test-results/e2e/<name>.png). A violation fails the test, softly: the tour goes on, so
 * every screen is still drawn and the failure lists every violation at once.
 */
export async function checkpoint(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const violations = await allAccessibilityViolations(page);
  expect.soft(describeViolations(name, violations), `axe on ${name}`).toEqual([]);
}

export interface Tour {
  server: RunningServer;
  /** A page in a fresh browser context (its own cookies and storage) at this viewport. */
  open: (viewport: Viewport) => Promise<Page>;
  url: (path: string) => string;
}

/**
 * One built server and one Chromium for the file, a context per viewport for each test (closed
 * after it). Scripts may be injected (axe-core), so the pages bypass the CSP.
 */
export function useTour(options: { serverEnv?: () => Record<string, string> } = {}): Tour {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const tour = {} as Tour;
  beforeAll(async () => {
    tour.server = await startBuiltServer(options.serverEnv?.() ?? {});
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await tour.server?.stop();
  });
  tour.open = async (viewport) => {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    contexts.push(context);
    return context.newPage();
  };
  tour.url = (path) => `${tour.server.url}${path}`;
  return tour;
}

/** A dictionary text with its placeholders filled: `fill('{n:number} of {total}', { n: 1, total: 21 })`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)(?::[^}]*)?\}/g, (_, name: string) => String(values[name]));
}
