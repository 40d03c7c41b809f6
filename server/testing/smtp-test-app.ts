import type { DialectName } from '../../db/connect';
import { smtpTransport } from '../mail/transport';
import { closeAlongside } from './close-alongside';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';
import { startTestApp, type TestApp } from './test-app';

export type SmtpTestApp = TestApp & { smtp: SmtpCapture };

/**
 * The test app sending its mail over SMTP, as production does, to a local capture the test
 * reads (and may stop and start again to play an outage); `close` stops both.
 */
export async function startSmtpTestApp(dialect: DialectName): Promise<SmtpTestApp> {
  const smtp = await startSmtpCapture();
  return closeAlongside({ ...(await startTestApp(dialect, { mailTransport: smtpTransport(smtp.url) })), smtp }, smtp);
}
