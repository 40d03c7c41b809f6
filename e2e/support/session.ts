import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from './browser';
import { type RunningServer, startBuiltServer } from './server';

export interface E2eSession {
  server: RunningServer;
  page: Page;
  visit: (path: string) => Promise<unknown>;
}

/**
 * Registers the hooks of a browser test file: one built server (on the given environment)
 * and one Chromium for the file, a fresh phone-sized page for each test.
 */
export function useBrowserSession(
  options: {
    serverEnv?: () => Record<string, string>;
    /** For tests that inject scripts (axe-core); the smoke test keeps the real CSP on. */
    bypassCSP?: boolean;
  } = {},
): E2eSession {
  let browser: Browser;
  const session = {} as E2eSession;
  beforeAll(async () => {
    session.server = await startBuiltServer(options.serverEnv?.() ?? {});
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await session.server?.stop();
  });
  beforeEach(async () => {
    session.page = await browser.newPage({ viewport: { width: 360, height: 780 }, bypassCSP: options.bypassCSP ?? false });
    session.visit = (path) => session.page.goto(`${session.server.url}${path}`);
  });
  afterEach(() => session.page.close());
  return session;
}
