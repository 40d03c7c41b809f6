import type { Locator } from 'playwright-core';

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
