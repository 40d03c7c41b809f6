import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { bookSlot } from '../db/testing/fixtures';
import { addCalendarDays, calendarDateIn, localDaysBounds, mondayOf } from '../domain/calendar-days';
import type { Locales } from '../i18n/i18n-types';
import { translationsFor } from '../server/translations';
import { demoAisyah, expectAccessibleAtBothWidths, expectActionsInView, LAPTOP, screenshotsAtBothWidths, signIn } from './support/admin';
import { useBrowserSession } from './support/session';

const KL = 'Asia/Kuala_Lumpur';
const INTL = { en: 'en-MY', ms: 'ms-MY' } as const;

/**
 * The demo clinic's Dr. Aisyah Rahman, on a weekday of next week: a held, a requested and a
 * confirmed appointment at 09:00, 10:00 and 11:00 where she works; the day's other demo slots free.
 */
async function seedDay(databaseUrl: string, date: string) {
  const { db } = connectDatabase(databaseUrl);
  const aisyah = await demoAisyah(db);
  const day = localDaysBounds(date, KL);
  const slots = await db
    .selectFrom('availability_slots')
    .select(['id', 'start_utc'])
    .where('psychologist_id', '=', aisyah.id)
    .where('start_utc', '>=', day.startUtc)
    .where('start_utc', '<', day.endUtc)
    .orderBy('start_utc')
    .execute();
  expect(slots.length).toBe(8);
  const [held, requested, confirmed] = await Promise.all(
    slots.slice(0, 3).map((slot) => bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId: slot.id })),
  );
  await db.updateTable('appointments').set({ status: 'held', hold_expires_at: new Date(Date.now() + 6 * 3_600_000), client_name: 'Hana' }).where('id', '=', held!).execute();
  await db.updateTable('appointments').set({ client_name: 'Ravi' }).where('id', '=', requested!).execute();
  await db.updateTable('appointments').set({ status: 'confirmed', client_name: 'Mei Ling' }).where('id', '=', confirmed!).execute();
  await db.destroy();
  return slots.slice(0, 3).map((s) => s.id);
}

/** Another member's answer, made meanwhile: the appointment on `slotId` takes `status`. */
async function answeredElsewhere(databaseUrl: string, slotId: string, status: string) {
  const { db } = connectDatabase(databaseUrl);
  await db.updateTable('appointments').set({ status }).where('slot_id', '=', slotId).execute();
  await db.destroy();
}

async function slotsLeft(databaseUrl: string, ids: string[]) {
  const { db } = connectDatabase(databaseUrl);
  const rows = await db.selectFrom('availability_slots').select('id').where('id', 'in', ids).execute();
  await db.destroy();
  return rows.length;
}

describe('the schedule’s week view, clearing a day, dialogs that fit and field errors once', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it.each<Locales>(['en', 'ms'])('works through the week in %s, with axe after each step at 390 and 1280 px', async (lang) => {
    const { page } = session;
    const LL = translationsFor(lang);
    const t = LL.admin;
    const dateLocale = INTL[lang];
    const shortDate = (date: string) =>
      new Intl.DateTimeFormat(dateLocale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    const longDate = (date: string) =>
      new Intl.DateTimeFormat(dateLocale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    const thisMonday = mondayOf(calendarDateIn(new Date(), KL));
    const nextMonday = addCalendarDays(thisMonday, 7);
    // Each language its own day: the other's run has cleared its day.
    const seeded = addCalendarDays(nextMonday, lang === 'en' ? 0 : 1);
    const bookedSlotIds = await seedDay(session.server.databaseUrl, seeded);
    await signIn(session);
    await page.setViewportSize(LAPTOP);
    await session.visit(lang === 'ms' ? '/ms/admin/schedule' : '/admin/schedule');
    await page.getByRole('heading', { name: t.title(), level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

    const schedule = page.getByRole('region', { name: t.schedule.title() });
    await schedule.getByRole('combobox', { name: t.schedule.psychologist() }).selectOption({ label: 'Dr. Aisyah Rahman' });
    // Today's week first, Monday to Sunday.
    const firstDay = schedule.locator('ol time').first();
    await expect.poll(() => firstDay.getAttribute('datetime')).toBe(thisMonday);
    expect(await schedule.locator('ol time').count()).toBe(7);
    // 'Missing Information' waits for a generate attempt.
    const missing = schedule.getByText(t.schedule.missingTitle());
    expect(await missing.count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'week view');
    await schedule.getByRole('button', { name: t.schedule.generate() }).click();
    await missing.waitFor();
    await expectAccessibleAtBothWidths(page, 'generate attempt with missing information');

    await schedule.getByRole('button', { name: t.calendar.nextWeek() }).click();
    await expect.poll(() => firstDay.getAttribute('datetime')).toBe(nextMonday);
    const day = schedule.locator('ol > li').filter({ has: page.getByRole('heading', { name: shortDate(seeded) }) });
    const statuses = t.appointments.statuses;
    // A free slot's name ends with the word; the day's clear button starts with a longer one in Malay.
    const freeSlot = new RegExp(`${t.calendar.free()}$`);
    await day.getByRole('button', { name: new RegExp(statuses.held()) }).waitFor();
    // A hold shows without the visitor's details: the clinic sees them once the e-mail is confirmed.
    expect(await day.getByRole('button', { name: new RegExp(statuses.held()) }).textContent()).not.toContain('Hana');
    for (const [status, client] of [[statuses.requested(), 'Ravi'], [statuses.confirmed(), 'Mei Ling']] as const) {
      expect(await day.getByRole('button', { name: new RegExp(`${status}.*${client}`) }).count()).toBe(1);
    }
    expect(await day.getByRole('button', { name: freeSlot }).count()).toBe(5);
    await expectAccessibleAtBothWidths(page, 'next week');
    await screenshotsAtBothWidths(page, `admin-schedule-week-${lang}`);

    // A free slot opens its dialog, buttons in view; a bad time shows one message, under End time, in the page's language.
    await day.getByRole('button', { name: freeSlot }).first().click();
    const slotDialog = page.getByRole('dialog', { name: t.slotDialog.title() });
    await slotDialog.waitFor();
    await expectActionsInView(page, slotDialog);
    await expectAccessibleAtBothWidths(page, 'slot dialog');
    await slotDialog.getByLabel(t.slotDialog.startTime()).fill('15:00');
    await slotDialog.getByLabel(t.slotDialog.endTime()).fill('14:00');
    await slotDialog.getByRole('button', { name: t.slotDialog.save() }).click();
    const afterStart = LL.errors.fields.afterStartTime();
    await slotDialog.getByText(afterStart).waitFor();
    const endTime = slotDialog.getByLabel(t.slotDialog.endTime());
    expect(await endTime.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await endTime.getAttribute('aria-describedby')}`).textContent()).toBe(afterStart);
    expect(await page.getByText(afterStart).count()).toBe(1);
    expect(await page.getByText(LL.errors.checkFields()).count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toMatch(/endUtc|startUtc/);
    await expectAccessibleAtBothWidths(page, 'slot dialog with a field error');
    await screenshotsAtBothWidths(page, `admin-schedule-field-error-${lang}`);
    await slotDialog.getByRole('button', { name: t.cancel() }).click();

    // An appointment opens its dialog: who, when, and its answers.
    await day.getByRole('button', { name: new RegExp(`${statuses.requested()}.*Ravi`) }).click();
    const appointmentDialog = page.getByRole('dialog', { name: t.appointments.dialogTitle() });
    await appointmentDialog.getByText('Ravi', { exact: false }).first().waitFor();
    expect(await appointmentDialog.getByRole('button', { name: t.appointments.answerLabel({ action: t.appointments.answerConfirm(), name: 'Ravi' }) }).count()).toBe(1);
    await expectActionsInView(page, appointmentDialog);
    await expectAccessibleAtBothWidths(page, 'appointment dialog');
    await screenshotsAtBothWidths(page, `admin-schedule-appointment-${lang}`);
    // Declined by another member meanwhile: the refusal shows inside the dialog, not behind it.
    await answeredElsewhere(session.server.databaseUrl, bookedSlotIds[1]!, 'declined');
    await appointmentDialog.getByRole('button', { name: t.appointments.answerLabel({ action: t.appointments.answerConfirm(), name: 'Ravi' }) }).click();
    const refusal = LL.errors.appointmentCannotMove({ status: t.appointments.statuses.declined(), action: LL.errors.appointmentAnswers.confirmed() });
    await appointmentDialog.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await expectAccessibleAtBothWidths(page, 'appointment dialog with a refusal');
    await screenshotsAtBothWidths(page, `admin-schedule-appointment-refused-${lang}`);
    await answeredElsewhere(session.server.databaseUrl, bookedSlotIds[1]!, 'requested');
    await appointmentDialog.getByRole('button', { name: t.appointments.close() }).click();

    // Clear the day's free slots: the five go, the three appointments stay.
    const clear = day.getByRole('button', { name: new RegExp(`^${t.calendar.clearDay()}`) });
    expect(await clear.textContent()).toBe(`${t.calendar.clearDay()}, ${longDate(seeded)}`);
    await clear.click();
    const clearDialog = page.getByRole('dialog', { name: t.calendar.clearTitle() });
    await clearDialog.getByText(t.calendar.clearConfirm({ count: 5, date: longDate(seeded) })).waitFor();
    await expectActionsInView(page, clearDialog);
    await expectAccessibleAtBothWidths(page, 'clear day dialog');
    await clearDialog.getByRole('button', { name: t.calendar.clearDay() }).click();
    await page.locator('.toast').filter({ hasText: t.calendar.cleared({ count: 5 }) }).waitFor();
    await expect.poll(() => day.getByRole('button', { name: freeSlot }).count()).toBe(0);
    expect(await day.getByRole('button', { name: new RegExp(statuses.confirmed()) }).count()).toBe(1);
    expect(await slotsLeft(session.server.databaseUrl, bookedSlotIds)).toBe(3);
    await expectAccessibleAtBothWidths(page, 'after clearing a day');

    // Back: previous week, then this week again.
    await schedule.getByRole('button', { name: t.calendar.previousWeek() }).click();
    await expect.poll(() => firstDay.getAttribute('datetime')).toBe(thisMonday);
    await schedule.getByRole('button', { name: t.calendar.previousWeek() }).click();
    await expect.poll(() => firstDay.getAttribute('datetime')).toBe(addCalendarDays(thisMonday, -7));
    await schedule.getByRole('button', { name: t.calendar.thisWeek() }).click();
    await expect.poll(() => firstDay.getAttribute('datetime')).toBe(thisMonday);
    await expectAccessibleAtBothWidths(page, 'back to this week');
    // Some thirty axe runs on a shared machine.
  }, 300_000);
});
