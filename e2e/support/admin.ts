import type { Kysely } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Database } from '../../db/schema';
import { DEMO_OPERATOR } from '../../db/seed-demo';
import { expectNoViolations } from './axe';
import { SAVING_SCREENSHOTS, screenshot } from './browser';
import type { E2eSession } from './session';

const WIDTHS = [390, 1280] as const;
/** A laptop's window: the measure for dialogs that fit. */
export const LAPTOP = { width: 1280, height: 720 };

/**
 * Signs the demo operator in through the API; the page's browser context keeps the cookie. The
 * journeys that are not about the login form start here (account.e2e.ts and the clinic's tour
 * go through the form).
 */
export async function signIn(session: Pick<E2eSession, 'page' | 'server'>) {
  const response = await session.page.request.post(`${session.server.url}/api/login`, {
    data: { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    headers: { origin: session.server.url },
  });
  expect(response.ok()).toBe(true);
}

/** Opens admin setup (or an address that leads there) and waits until it is drawn. */
export async function openAdminSetup(session: E2eSession, path = '/admin-setup') {
  await session.visit(path);
  await session.page.getByRole('heading', { name: 'Admin Setup', level: 1 }).waitFor();
}

/** axe (any impact) at a phone's and a laptop's width, after whatever just happened; the page ends at 1280 × 720. */
export async function expectAccessibleAtBothWidths(page: Page, screen: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await expectNoViolations(page, `${screen} at ${width} px`);
  }
}

/** Screenshots at a phone's and a laptop's width when E2E_SCREENSHOTS=1 asks; the page ends at 1280 × 720. */
export async function screenshotsAtBothWidths(page: Page, name: string) {
  for (const width of SAVING_SCREENSHOTS ? WIDTHS : []) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(LAPTOP);
}

/** Every button of the dialog's action strip lies within the 1280 × 720 window, nothing to scroll to. */
export async function expectActionsInView(page: Page, dialog: Locator) {
  await page.setViewportSize(LAPTOP);
  const buttons = dialog.locator('.modal-action button');
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    if (!box) throw new Error(`${await button.textContent()} is not drawn`);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(LAPTOP.height);
    expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
  }
}

/** The demo clinic's Dr. Aisyah Rahman, whom the seed gives two weeks of weekday slots. */
export function demoAisyah(db: Kysely<Database>) {
  return db
    .selectFrom('psychologists')
    .innerJoin('users', 'users.id', 'psychologists.user_id')
    .select(['psychologists.id', 'psychologists.user_id'])
    .where('users.username', '=', DEMO_OPERATOR.username)
    .where('psychologists.name', '=', 'Dr. Aisyah Rahman')
    .executeTakeFirstOrThrow();
}
