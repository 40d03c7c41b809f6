import type { DialectName } from '../../db/connect';
import { smtpTransport } from '../mail/transport';
import { closeAlongside } from './close-alongside';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';
import { startTestApp, type TestApp } from './test-app';

export type SmtpTestApp = TestApp & { smtp: SmtpCapture };

/**
 * The test app sending its mail over SMTP, as production does, to a local capture the test
 * reads (and may stop and start again to play an outage); `close` stops both. `services`
 * replaces the silent log or the built-in insights writer, as startTestApp's do.
 */
export async function startSmtpTestApp(dialect: DialectName, services: Partial<Pick<TestApp['services'], 'log' | 'insights'>> = {}): Promise<SmtpTestApp> {
  const smtp = await startSmtpCapture();
  return closeAlongside({ ...(await startTestApp(dialect, { ...services, mailTransport: smtpTransport(smtp.url) })), smtp }, smtp);
}
