import type { Locator, Page } from 'playwright-core';
import { completeDass21Quickly } from './screener-steps';

/** The open booking dialog's groups, in any language: the days first, then that day's times. */
export const dayChoices = (dialog: Locator) => dialog.getByRole('group').nth(0).getByRole('radio');
export const timeChoices = (dialog: Locator) => dialog.getByRole('group').nth(1).getByRole('radio');

/**
 * Chooses a free time in the open booking dialog: the first day's first time, or the last day's
 * last time (far beyond any cancellation notice, whatever the hour the test runs).
 */
export async function chooseFreeTime(dialog: Locator, which: 'first' | 'last' = 'first'): Promise<void> {
  const pick = (choices: Locator) => (which === 'first' ? choices.first() : choices.last());
  await pick(dayChoices(dialog)).check();
  await pick(timeChoices(dialog)).check();
}

/**
 * From the demo screener's first step: answers it, opens Dr. Aisyah Rahman's booking dialog and
 * chooses her last free time. Returns the dialog.
 */
export async function chooseAisyahsLastTime(page: Page): Promise<Locator> {
  await completeDass21Quickly(page);
  await page.getByRole('button', { name: 'Book a session with Dr. Aisyah Rahman' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dr. Aisyah Rahman' });
  await chooseFreeTime(dialog, 'last');
  return dialog;
}
