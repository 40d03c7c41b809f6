import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectActionsInView, LAPTOP, screenshotsAtBothWidths, signIn } from './support/admin';
import { useBrowserSession } from './support/session';

describe('the admin dialogs on a laptop (1280 × 720)', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('keeps every dialog’s buttons in view, the long ones scrolling under them; axe after each at 390 and 1280 px', async () => {
    const { page } = session;
    await signIn(session);
    await page.setViewportSize(LAPTOP);
    await session.visit('/admin/psychologists');
    await page.getByRole('heading', { name: 'Admin Setup', level: 1 }).waitFor();

    /** Opens a dialog, checks it, closes it with its own button. */
    const check = async (open: () => Promise<void>, name: string, close: string, screen: string) => {
      await open();
      const dialog: Locator = page.getByRole('dialog', { name });
      await dialog.waitFor();
      await expectActionsInView(page, dialog);
      await expectAccessibleAtBothWidths(page, screen);
      await expectActionsInView(page, dialog);
      await dialog.locator('.modal-action').getByRole('button', { name: close, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    const directory = page.getByRole('region', { name: 'Psychologist Directory' });
    // The tallest: taller than the window, so its body scrolls and the buttons stay.
    await page.getByRole('button', { name: 'Add Psychologist' }).click();
    const add = page.getByRole('dialog', { name: 'Add Psychologist' });
    await add.waitFor();
    const box = add.locator('.modal-box');
    expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expectActionsInView(page, add);
    await screenshotsAtBothWidths(page, 'admin-dialog-add-psychologist');
    await expectAccessibleAtBothWidths(page, 'add psychologist');
    await add.locator('.modal-action').getByRole('button', { name: 'Cancel' }).click();

    await check(() => directory.getByRole('button', { name: 'Edit Dr. Aisyah Rahman' }).click(), 'Edit Psychologist', 'Cancel', 'edit psychologist');
    await check(() => directory.getByRole('button', { name: 'Delete Dr. Aisyah Rahman' }).click(), 'Delete psychologist?', 'Cancel', 'delete psychologist');
    await check(
      () => directory.getByRole('button', { name: 'Calendar link for Dr. Aisyah Rahman' }).click(),
      'Calendar link for Dr. Aisyah Rahman',
      'Cancel',
      'calendar link',
    );
    await session.visit('/admin/account');
    await check(() => page.getByRole('button', { name: 'Delete account…' }).click(), 'Delete the account and all its data?', 'Keep my account', 'delete account');
  }, 300_000);
});
