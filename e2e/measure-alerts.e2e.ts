import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { bookSlot, insertSlot } from '../db/testing/fixtures';
import type { Locales } from '../i18n/i18n-types';
import { insertMeasurePlan, raiseAlert } from '../server/testing/measure-alerts';
import { translationsFor } from '../server/translations';
import { demoAisyah, expectAccessibleAtBothWidths, signIn } from './support/admin';
import { useBrowserSession } from './support/session';

const PHONE = { width: 390, height: 844 };

/** A client of Dr. Aisyah's enrolled in measures, with a risk alert and a deterioration alert waiting. */
async function seedAlerts(databaseUrl: string) {
  const { db } = connectDatabase(databaseUrl);
  const aisyah = await demoAisyah(db);
  const appointmentId = await bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId: await insertSlot(db, aisyah.id, new Date(Date.now() - 7 * 86_400_000 + 7 * 60_000)) });
  await db.updateTable('appointments').set({ status: 'completed', client_name: 'Nur Hana' }).where('id', '=', appointmentId).execute();
  const plan = { clinicId: aisyah.user_id, psychologistId: aisyah.id, planId: await insertMeasurePlan(db, { clinicId: aisyah.user_id, psychologistId: aisyah.id, appointmentId }) };
  await raiseAlert(db, plan, new Date(Date.now() - 2 * 3_600_000));
  await raiseAlert(db, plan, new Date(Date.now() - 3_600_000), 'deterioration:gad7');
  await db.destroy();
}

describe('alerts on measures, first in line on Today', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('shows the owner each alert and acknowledges it with a note, at 390 and 1280 px in English and Malay', async () => {
    const { page, server } = session;
    await seedAlerts(server.databaseUrl);
    await signIn(session);
    const alertsOf = (p: Page, lang: Locales) => p.getByRole('region', { name: translationsFor(lang).admin.measureAlerts.title() }).getByRole('listitem');

    for (const [lang, remaining] of [
      ['en', 1],
      ['ms', 0],
    ] as const) {
      const t = translationsFor(lang).admin.measureAlerts;
      await page.setViewportSize(PHONE);
      await session.visit(`${lang === 'ms' ? '/ms' : ''}/admin/today`);
      const alerts = alertsOf(page, lang);
      await expect.poll(() => alerts.count()).toBe(remaining + 1);
      const first = alerts.first();
      expect(await first.innerText()).toContain('Nur Hana');
      expect(await first.innerText()).toContain(lang === 'en' ? t.risk() : t.deterioration({ scale: translationsFor(lang).admin.insights.scales.gad7() }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessibleAtBothWidths(page, `${lang} Today with ${remaining + 1} alerts`);

      await page.setViewportSize(PHONE);
      await first.getByLabel(t.note()).fill('Called the client; seen tomorrow.');
      await first.getByRole('button', { name: t.acknowledge() }).click();
      await page.getByText(t.acknowledged(), { exact: true }).waitFor();
      await expect.poll(() => alerts.count()).toBe(remaining);
      await expectAccessibleAtBothWidths(page, `${lang} Today after acknowledging`);
    }
  });
});
