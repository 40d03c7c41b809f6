import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium: no browser download happens anywhere in this project. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      // The machine has no network beyond loopback: background fetches only add noise.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const ARTEFACTS = 'test-results/e2e';

/**
 * Whether the journeys save their screenshots (`E2E_SCREENSHOTS=1`). No test reads one: they are
 * for people looking at the screens, and capturing cost the browser phase about a tenth of its
 * time (decision 0070).
 */
export const SAVING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves a screenshot as a test artefact when E2E_SCREENSHOTS=1 asks: of a page, the whole of it
 * (or, with `fullPage: false`, what its window shows), or of one element.
 */
export async function screenshot(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  mkdirSync(ARTEFACTS, { recursive: true });
  const path = join(ARTEFACTS, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
