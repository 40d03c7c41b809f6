import type { Page } from 'playwright-core';
import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { insertPsychologist } from '../db/testing/fixtures';
import { DEMO_OPERATOR } from '../db/seed-demo';
import { addCalendarDays, calendarDateIn, mondayOf } from '../domain/calendar-days';
import type { Locales } from '../i18n/i18n-types';
import { translationsFor } from '../server/translations';
import { LAPTOP, signIn } from './support/admin';
import { allAccessibilityViolationsWithin, describeViolations } from './support/axe';
import { screenshot } from './support/browser';
import { dayChoices, timeChoices } from './support/booking-steps';
import { resultsReachedOnce } from './support/screener-steps';
import { useBrowserSession } from './support/session';

// Issue 26, "Weekly hours, set once" (docs/decisions/0047): a clinic sets a new psychologist's
// weekly hours and applies Selangor's public holidays; the week calendar shows the free times
// made from them, and a visitor sees them too, with nothing generated. At 390 and 1280 px, in
// English then Malay on the same page.

const KL = 'Asia/Kuala_Lumpur';
const NAME = 'Dr. Weekly Hours';
const SELANGOR = '10';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
] as const;

/** Every axe violation of the part of the page, whatever its impact, at both widths; a screenshot of each. */
async function expectAccessible(page: Page, within: string, state: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(describeViolations(`${state} at ${size.width} px`, await allAccessibilityViolationsWithin(page, within))).toEqual([]);
    // Nothing of this part is wider than its place at a phone's width.
    expect(await page.locator(within).first().evaluate((part) => part.scrollWidth - part.clientWidth)).toBe(0);
    await screenshot(page, `weekly-hours-${state}-${size.width}`);
  }
  await page.setViewportSize(LAPTOP);
}

async function addPsychologist(databaseUrl: string): Promise<string> {
  const { db } = connectDatabase(databaseUrl);
  const owner = await db.selectFrom('users').select('id').where('username', '=', DEMO_OPERATOR.username).executeTakeFirstOrThrow();
  const id = await insertPsychologist(db, owner.id, { name: NAME, timezone: KL, minimumAdvanceHours: 2 });
  await db.destroy();
  return id;
}

describe('weekly hours set once, Malaysian holidays in one action, and free times from them', () => {
  const session = useBrowserSession({ bypassCSP: true });
  const openResults = resultsReachedOnce();

  it('sets the hours, applies the holidays and shows the visitor the times, in English and Malay', async () => {
    const { page } = session;
    const psychologistId = await addPsychologist(session.server.databaseUrl);
    await signIn(session);
    const today = calendarDateIn(new Date(), KL);
    const year = Number(today.slice(0, 4));
    const holidays = new Holidays('MY', SELANGOR, { types: ['public'] }).getHolidays(year).map((holiday) => holiday.date.slice(0, 10));
    const holidaysAhead = [...new Set(holidays)].filter((date) => date >= today);

    for (const lang of ['en', 'ms'] as Locales[]) {
      const t = translationsFor(lang).admin;
      await page.setViewportSize(LAPTOP);
      await session.visit(lang === 'ms' ? '/ms/admin/schedule' : '/admin/schedule');
      const schedule = page.getByRole('region', { name: t.schedule.title() });
      await schedule.getByRole('combobox', { name: t.schedule.psychologist() }).selectOption({ label: NAME });
      const hours = page.getByRole('form', { name: t.weeklyHours.titleOf({ name: NAME }) });
      await hours.waitFor();
      const exceptions = page.locator('[data-weekly-schedule]');

      if (lang === 'en') {
        // Every day 09:00–17:00: whatever day the test runs, the visitor has times.
        for (const day of Object.values(t.schedule.weekdays)) await hours.getByRole('button', { name: t.weeklyHours.addRange({ day: day() }) }).click();
        await expectAccessible(page, '[data-weekly-schedule]', `hours-${lang}`);
        // A range that overlaps another of its day is refused under it, in words.
        await hours.getByRole('button', { name: t.weeklyHours.addRange({ day: t.schedule.weekdays.monday() }) }).click();
        await hours.getByLabel(`${t.schedule.weekdays.monday()} ${t.weeklyHours.from()}`).nth(1).fill('16:00');
        await hours.getByRole('button', { name: t.weeklyHours.save() }).click();
        await hours.getByText(translationsFor(lang).errors.fields.rangesOverlap()).waitFor();
        await expectAccessible(page, '[data-weekly-schedule]', `overlap-${lang}`);
        await hours.getByRole('button', { name: t.weeklyHours.removeRange({ day: t.schedule.weekdays.monday(), start: '16:00', end: '20:00' }) }).click();
        await hours.getByRole('button', { name: t.weeklyHours.save() }).click();
        await page.getByText(t.weeklyHours.saved()).waitFor();

        await exceptions.getByRole('combobox', { name: t.exceptions.state() }).selectOption(SELANGOR);
        await exceptions.getByRole('button', { name: t.exceptions.applyHolidays() }).click();
        await page.getByText(t.exceptions.holidaysApplied({ count: new Set(holidays).size })).waitFor();
      }
      // The saved hours and the holidays ahead read back in the page's language.
      expect(await hours.getByLabel(`${t.schedule.weekdays.sunday()} ${t.weeklyHours.from()}`).inputValue()).toBe('09:00');
      for (const date of holidaysAhead) await exceptions.getByRole('button', { name: t.exceptions.remove({ date }) }).waitFor();
      await expectAccessible(page, '[data-weekly-schedule]', `saved-${lang}`);
    }

    // The visitor: free times from the hours, none on a holiday, none generated.
    const response = await page.request.get(`${session.server.url}/api/public/availability?slug=klinik-minda&psychologistId=${psychologistId}`);
    const free = (await response.json()) as { startUtc: string }[];
    expect(free.length).toBeGreaterThan(0);
    expect(free.filter((time) => holidaysAhead.includes(calendarDateIn(time.startUtc, KL)))).toEqual([]);
    expect(new Set(free.map((time) => calendarDateIn(time.startUtc, KL)))).toContain(addCalendarDays(today, 2));

    // The week calendar shows the hours' free times too, named as such: on the first day the
    // visitor has one, chosen by its chip on a phone, and in the week's column on a laptop.
    const firstFreeDate = calendarDateIn(free[0]!.startUtc, KL);
    for (const lang of ['en', 'ms'] as Locales[]) {
      const t = translationsFor(lang).admin;
      await page.setViewportSize(WIDTHS[0]);
      await session.visit(lang === 'ms' ? '/ms/admin/schedule' : '/admin/schedule');
      const schedule = page.getByRole('region', { name: t.schedule.title() });
      await schedule.getByRole('combobox', { name: t.schedule.psychologist() }).selectOption({ label: NAME });
      const calendar = page.locator('[data-week-calendar]');
      for (let monday = mondayOf(today); monday !== mondayOf(firstFreeDate); monday = addCalendarDays(monday, 7)) {
        await calendar.getByRole('button', { name: t.calendar.nextWeek() }).click();
      }
      const dayIndex = (Date.parse(firstFreeDate) - Date.parse(mondayOf(firstFreeDate))) / 86_400_000;
      await calendar.getByRole('group', { name: t.calendar.dayChips() }).getByRole('button').nth(dayIndex).click();
      const day = calendar.locator(`ol > li:has(time[datetime="${firstFreeDate}"])`);
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await day.getByText(t.calendar.openInHours()).first().waitFor();
      }
      // Which time: the day's last free time is the hours' last hour, in Kuala Lumpur's time and the page's words.
      const lastHour = lang === 'ms' ? { start: '4:00 PTG', end: '5:00 PTG' } : { start: '4:00 pm', end: '5:00 pm' };
      const lastFree = day.locator('li', { hasText: t.calendar.openInHours() }).last();
      expect(await lastFree.locator('span').first().textContent()).toBe(t.calendar.slotTimes(lastHour));
      await expectAccessible(page, '[data-week-calendar]', `calendar-${lang}`);
    }

    for (const [lang, region, book] of [
      ['en', 'Book an Appointment', `Book a session with ${NAME}`],
      ['ms', 'Tempah Janji Temu', `Tempah sesi dengan ${NAME}`],
    ] as const) {
      if (lang === 'en') await openResults(page, `${session.server.url}/screener/klinik-minda`);
      else {
        // The tab keeps the screening: the Malay route opens on the same results.
        await session.visit('/ms/screener/klinik-minda');
        await page.getByRole('heading', { name: 'Keputusan Anda' }).waitFor();
      }
      await page.getByRole('region', { name: region }).getByRole('button', { name: book }).click();
      const dialog = page.getByRole('dialog', { name: NAME });
      await dayChoices(dialog).first().waitFor();
      await dayChoices(dialog).nth(1).check();
      // A whole day of the hours: 09:00 to 16:00 starts, hourly (the same UTC day in the browser's zone).
      expect(await timeChoices(dialog).count()).toBe(8);
      await expectAccessible(page, 'dialog[open]', `visitor-${lang}`);
      await page.keyboard.press('Escape');
    }
  });
});
