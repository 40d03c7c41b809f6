import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeQuotedPrintable } from '../../server/testing/smtp-capture';
import { expectNoViolations } from './axe';

/**
 * What a new clinic's owner does before they can invite anyone or register a webhook
 * (docs/decisions/0039): opens the link the sign-up mailed them, then presses the page's button.
 * Opening alone verifies nothing, so the step checks that the page asks first.
 */
export async function verifyOwnerEmail(page: Page, mailsTo: (address: string) => { raw: string }[], email: string): Promise<void> {
  const linkIn = (mail: { raw: string }) => /https?:\/\/[^\s"<]+\/verify-email\?token=[\w%-]+/.exec(decodeQuotedPrintable(mail.raw))?.[0];
  await expect.poll(() => mailsTo(email).some(linkIn), { timeout: 20_000 }).toBe(true);
  const link = mailsTo(email).map(linkIn).filter(Boolean).at(-1)!;
  await page.goto(link);
  const confirm = page.getByRole('button', { name: 'Confirm my e-mail address' });
  await confirm.waitFor();
  await expectNoViolations(page, 'the e-mail confirmation page');
  await confirm.click();
  await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();
}
