import { afterAll, beforeAll } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../server/testing/smtp-capture';
import { useBrowserSession } from './session';

/**
 * A browser session whose built server delivers its mail to a real SMTP server in this test
 * process, and the mails it captured to one address.
 */
export function useBrowserSessionWithMail(options: { bypassCSP?: boolean; serverEnv?: () => Record<string, string> } = {}) {
  let smtp: SmtpCapture;
  // Registered before the session's own hooks, so the server starts with SMTP_URL set.
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.stop());
  const session = useBrowserSession({ ...options, serverEnv: () => ({ SMTP_URL: smtp.url, ...options.serverEnv?.() }) });
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  return { session, mailsTo };
}

/** The calendar file a raw mail carries, decoded from its base64 part. */
export function calendarAttachmentOf(raw: string): string {
  const [, encoded] = /filename=appointment\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)!;
  return Buffer.from(encoded!.replace(/\s/g, ''), 'base64').toString('utf8');
}
