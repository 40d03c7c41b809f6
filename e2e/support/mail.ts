import { afterAll, beforeAll } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../server/testing/smtp-capture';
import { useBrowserSession } from './session';

/**
 * A browser session whose built server delivers its mail to a real SMTP server in this test
 * process, and the mails it captured to one address.
 */
export function useBrowserSessionWithMail(options: { bypassCSP?: boolean } = {}) {
  let smtp: SmtpCapture;
  // Registered before the session's own hooks, so the server starts with SMTP_URL set.
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.stop());
  const session = useBrowserSession({ serverEnv: () => ({ SMTP_URL: smtp.url }), ...options });
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  return { session, mailsTo };
}
