import { outboxEmailsTo } from '../../db/testing/fixtures';
import type { AppServices } from '../context';
import { callerFor } from './caller';

/** The token of the last verification link mailed to this address. */
export async function verificationToken(services: AppServices, email: string): Promise<string> {
  const mails = (await outboxEmailsTo(services.db, email)).filter((mail) => mail.kind === 'email-verification');
  const token = /verify-email\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`No verification link was mailed to ${email}`);
  return token;
}

/**
 * What a new clinic's owner does before inviting anyone or registering a webhook: opens the
 * mailed link and presses its button (docs/decisions/0039).
 */
export async function verifyOwnerEmail(services: AppServices, email: string): Promise<void> {
  await callerFor(services).auth.verifyEmail({ token: await verificationToken(services, email) });
}
