import type { Page } from 'playwright-core';
import { decodeQuotedPrintable } from '../../server/testing/smtp-capture';

/** The /invitation link an invitation mail carries, as the invitee clicks it. */
export function invitationLinkIn(mail: { raw: string }): string {
  return /https?:\/\/[^\s"<]+\/invitation\?token=[\w%-]+/.exec(decodeQuotedPrintable(mail.raw))![0];
}

/** Opens the invitation link and joins with the account the person has: username, password, submit. */
export async function joinWithExistingAccount(page: Page, link: string, person: { username: string; password: string }): Promise<void> {
  await page.goto(link);
  await page.getByRole('radio', { name: 'I already have an account: sign in to join' }).check();
  await page.getByLabel('Username', { exact: true }).fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in and join' }).click();
}
