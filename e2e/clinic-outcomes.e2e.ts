import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { bookSlot, insertSlot } from '../db/testing/fixtures';
import { insertMeasure, insertPlan } from '../db/testing/measure-rows';
import { translationsFor } from '../server/translations';
import { demoAisyah, expectAccessibleAtBothWidths, signIn } from './support/admin';
import { useBrowserSession } from './support/session';

const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

/** Five of Dr. Aisyah's clients recovered in the last weeks: PHQ-9 16 and GAD-7 9, then 8 and 5; nobody deteriorated. */
async function seedRecoveries(databaseUrl: string) {
  const { db } = connectDatabase(databaseUrl);
  const aisyah = await demoAisyah(db);
  for (let client = 0; client < 5; client++) {
    const slotId = await insertSlot(db, aisyah.id, new Date(Date.now() - (40 + client) * DAY));
    const appointmentId = await bookSlot(db, { userId: aisyah.user_id, psychologistId: aisyah.id, slotId });
    const plan = { ...(await insertPlan(db, { userId: aisyah.user_id, appointmentId, psychologistId: aisyah.id, instruments: 'phq9Gad7', enrolledAt: new Date(Date.now() - 40 * DAY) })), userId: aisyah.user_id };
    for (const [daysAgo, scores] of [
      [30, { phq9: 16, gad7: 9 }],
      [10, { phq9: 8, gad7: 5 }],
    ] as const) {
      const at = new Date(Date.now() - daysAgo * DAY);
      await insertMeasure(db, plan, { sentAt: at, answered: { at, scores } });
    }
  }
  await db.destroy();
}

describe('the clinic’s outcomes screen (issue 30)', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('shows the owner the clinic’s and each psychologist’s outcomes in a table, small counts as fewer than 5, at 390 and 1280 px in English and Malay', async () => {
    const { page, server } = session;
    await seedRecoveries(server.databaseUrl);
    await signIn(session);

    for (const lang of ['en', 'ms'] as const) {
      const t = translationsFor(lang).clinicOutcomes;
      await page.setViewportSize(PHONE);
      await session.visit(`${lang === 'ms' ? '/ms' : ''}/admin/outcomes`);
      const table = page.getByRole('table', { name: t.caption({ months: 3 }) });
      await table.waitFor();
      const rows = table.getByRole('row');
      // The header, the whole clinic, then Dr. Aisyah: 5 measured, all 5 improved and recovered, none worse.
      await expect.poll(() => rows.count()).toBe(3);
      expect(await rows.nth(1).getByRole('rowheader').innerText()).toBe(t.clinic());
      const aisyah = await rows.nth(2).getByRole('cell').allInnerTexts();
      expect(await rows.nth(2).getByRole('rowheader').innerText()).toBe('Dr. Aisyah Rahman');
      expect(aisyah).toEqual(['5', '5', t.share({ count: 5, percent: 100 }), t.share({ count: 5, percent: 100 }), t.fewerThanFive()]);
      expect(await page.getByText(t.source()).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessibleAtBothWidths(page, `${lang} outcomes, last 3 months`);

      // A year: the same clients, the caption names the period.
      await page.getByRole('button', { name: t.months({ months: 12 }) }).click();
      await page.getByRole('table', { name: t.caption({ months: 12 }) }).waitFor();
      expect(await page.getByRole('button', { name: t.months({ months: 12 }) }).getAttribute('aria-pressed')).toBe('true');
      await expectAccessibleAtBothWidths(page, `${lang} outcomes, last 12 months`);
    }
  });
});
