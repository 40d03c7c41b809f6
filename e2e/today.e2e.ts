import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { DEMO_OPERATOR } from '../db/seed-demo';
import { bookSlot, insertMember, insertSlot } from '../db/testing/fixtures';
import { adminSectionsFor, type Role } from '../domain/roles';
import { dayOfSession } from '../domain/today';
import type { Locales } from '../i18n/i18n-types';
import { hashPassword } from '../server/auth/passwords';
import { translationsFor } from '../server/translations';
import { allAccessibilityViolations, describeViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useBrowserSession } from './support/session';

const PASSWORD = 'hari-ini-dan-esok-9';
const MINUTE = 60_000;
const WIDTHS = [390, 1280] as const;

/**
 * The demo clinic's day: a crisis-flagged request for Dr. Aisyah (waiting 2 hours), an older plain
 * request for Daniel Tan (waiting a day), a session of Dr. Aisyah's that began half an hour ago, a
 * hold of Daniel's that lapses in 20 minutes; a psychologist member for Dr. Aisyah and a receptionist.
 */
async function seedTheDay(databaseUrl: string) {
  const { db } = connectDatabase(databaseUrl);
  const clinic = await db.selectFrom('users').select('id').where('username', '=', DEMO_OPERATOR.username).executeTakeFirstOrThrow();
  const profiles = await db.selectFrom('psychologists').select(['id', 'name']).where('user_id', '=', clinic.id).execute();
  const profile = (name: string) => profiles.find((p) => p.name === name)!.id;
  const now = Date.now();
  // Seven minutes past: clear of the demo's own slots on the hour.
  const at = (minutesFromNow: number) => new Date(Math.floor((now + minutesFromNow * MINUTE) / (60 * MINUTE)) * 60 * MINUTE + 7 * MINUTE);
  const booking = async (name: string, start: Date, values: Record<string, unknown>) => {
    const psychologistId = profile(name);
    const id = await bookSlot(db, { userId: clinic.id, psychologistId, slotId: await insertSlot(db, psychologistId, start) });
    await db.updateTable('appointments').set(values).where('id', '=', id).execute();
  };
  const starts = { flagged: at(180), plain: at(300), session: at(-30), hold: at(420) };
  await booking('Dr. Aisyah Rahman', starts.flagged, { client_name: 'Nur Hana', contact_promptly: 1, created_at: new Date(now - 120 * MINUTE) });
  await booking('Daniel Tan', starts.plain, { client_name: 'Kumar Raj', created_at: new Date(now - 26 * 60 * MINUTE) });
  await booking('Dr. Aisyah Rahman', starts.session, { client_name: 'Mei Ling', status: 'confirmed' });
  await booking('Daniel Tan', starts.hold, { client_name: 'Unconfirmed Visitor', status: 'held', hold_expires_at: new Date(now + 20 * MINUTE) });
  const password_hash = await hashPassword(PASSWORD);
  const psychologist = await insertMember(db, { clinicId: clinic.id, role: 'psychologist', psychologistId: profile('Dr. Aisyah Rahman'), username: 'aisyah-today' });
  const receptionist = await insertMember(db, { clinicId: clinic.id, role: 'receptionist', username: 'front-desk-today' });
  await db.updateTable('accounts').set({ password_hash }).where('id', 'in', [psychologist.accountId, receptionist.accountId]).execute();
  await db.destroy();
  return { starts, psychologist: psychologist.username, receptionist: receptionist.username };
}

async function signInAs(page: Page, url: string, username: string, password: string) {
  await page.context().clearCookies();
  const response = await page.request.post(`${url}/api/login`, { data: { username, password }, headers: { origin: url } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * At a phone's width nothing runs off the side, and axe finds nothing (any impact) at each width.
 * Softly, as the tours do: every screen is still checked, and the failure lists them all.
 */
async function fitsAndPassesAxe(page: Page, state: string, widths: readonly number[] = WIDTHS) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    if (width === 390) expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${state} scrolls sideways`).toBeLessThanOrEqual(390);
    const violations = await allAccessibilityViolations(page);
    expect.soft(describeViolations(`${state} at ${width} px`, violations)).toEqual([]);
  }
}

describe('Today, each role’s home, and an admin that fits a phone', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('shows each role its day, answers in one tap, and draws every screen at 390 and 1280 px in both languages', async () => {
    const { page, server } = session;
    const seeded = await seedTheDay(server.databaseUrl);
    const en = translationsFor('en').admin;
    const today = (p: Page) => p.getByRole('region', { name: en.today.title() });
    const items = (heading: string) => today(page).getByRole('heading', { name: heading, exact: true }).locator('xpath=following-sibling::ul[1]/li');
    const expectedDay = (start: Date) => dayOfSession(start, 'Asia/Kuala_Lumpur', new Date());

    // The owner: /admin is Today; the flagged request first, then the longest waiting.
    await signInAs(page, server.url, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await session.visit('/admin');
    await page.waitForURL('**/admin/today');
    const waiting = items(en.today.waiting());
    await expect.poll(() => waiting.count()).toBe(2);
    await expect.poll(() => waiting.nth(0).innerText()).toContain('Nur Hana');
    expect(await waiting.nth(0).innerText()).toContain(en.appointments.contactPromptly());
    expect(await waiting.nth(0).innerText()).toContain('Waiting for 2 hours');
    expect(await waiting.nth(1).innerText()).toContain('Kumar Raj');
    expect(await waiting.nth(1).innerText()).toContain('Waiting for 26 hours');
    const sessionDay = expectedDay(seeded.starts.session);
    if (sessionDay) expect(await items(en.today[sessionDay]()).allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Mei Ling')]));
    const holds = items(en.today.holds());
    expect(await holds.count()).toBe(1);
    expect(await holds.first().innerText()).toMatch(/Kept for (19|20) minutes more/);
    // A hold carries nobody's details until the visitor confirms their e-mail.
    expect(await today(page).innerText()).not.toContain('Unconfirmed Visitor');
    await fitsAndPassesAxe(page, 'the owner’s Today');
    await screenshot(page, 'today-owner-1280');

    // One tap confirms.
    await page.setViewportSize({ width: 390, height: 844 });
    await waiting.nth(1).getByRole('button', { name: `${en.appointments.answerConfirm()}: the appointment of Kumar Raj` }).click();
    await expect.poll(() => waiting.count()).toBe(1);
    await fitsAndPassesAxe(page, 'after confirming in one tap');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'today-owner-390');

    // The menu on a phone: a button that opens the screens' list.
    const nav = page.getByRole('navigation', { name: en.sectionMenu.label() });
    await nav.getByRole('button', { name: en.sectionMenu.open() }).click();
    await nav.getByRole('link', { name: en.sectionMenu.schedule() }).waitFor();
    await fitsAndPassesAxe(page, 'the menu open');
    await page.setViewportSize({ width: 390, height: 844 });
    await nav.getByRole('link', { name: en.sectionMenu.schedule() }).click();
    await page.waitForURL('**/admin/schedule');
    // The keyboard goes on from the new screen, not from the link the closed menu hid: focus
    // moves once the screen has drawn, which on a slow machine comes after the URL.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // The week, one day at a time on a phone: a chip per day.
    const chips = page.getByRole('group', { name: en.calendar.dayChips() });
    await chips.getByRole('button').nth(6).click();
    expect(await chips.getByRole('button').nth(6).getAttribute('aria-pressed')).toBe('true');
    await fitsAndPassesAxe(page, 'the schedule on another day');

    // SPEC's addresses open Today.
    for (const path of ['/admin-setup', '/admin/setup']) {
      await session.visit(path);
      await today(page).waitFor();
    }

    // Every screen of the owner, in both languages at both widths: Malay's longer words must fit
    // a phone, and its wide layout must pass axe too (issue 26's "Done when").
    for (const lang of ['en', 'ms'] satisfies Locales[]) {
      for (const id of adminSectionsFor('owner')) {
        await session.visit(`${lang === 'ms' ? '/ms' : ''}/admin/${id}`);
        await page.getByRole('heading', { name: translationsFor(lang).admin.title(), level: 1 }).waitFor();
        await page.locator(`#${id} h2`).first().waitFor();
        await page.waitForLoadState('networkidle');
        await fitsAndPassesAxe(page, `${lang} /admin/${id}`);
      }
    }

    // A psychologist sees their own profile's day only; a receptionist no crisis flag, nor an order that tells it.
    const seen: Partial<Record<Role, string>> = {};
    for (const [role, username] of [
      ['psychologist', seeded.psychologist],
      ['receptionist', seeded.receptionist],
    ] as const) {
      await signInAs(page, server.url, username, PASSWORD);
      await session.visit('/ms/admin');
      await page.waitForURL('**/ms/admin/today');
      const ms = translationsFor('ms').admin;
      await page.getByRole('region', { name: ms.today.title() }).getByRole('heading', { name: ms.today.waiting(), exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      seen[role] = await page.getByRole('region', { name: ms.today.title() }).innerText();
      await fitsAndPassesAxe(page, `the ${role}’s Today in Malay`);
    }
    expect(seen.psychologist).toContain('Nur Hana');
    expect(seen.psychologist).toContain(translationsFor('ms').admin.appointments.contactPromptly());
    if (sessionDay) expect(seen.psychologist).toContain('Mei Ling');
    expect(seen.psychologist).not.toContain('Daniel Tan');
    expect(seen.receptionist).toContain('Nur Hana');
    expect(seen.receptionist).toContain('Daniel Tan');
    expect(seen.receptionist).not.toContain(translationsFor('ms').admin.appointments.contactPromptly());
  }, 300_000);
});
