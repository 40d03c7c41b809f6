import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The message as received, headers and MIME parts included. */
  raw: string;
  /** When its data ended (ms since the epoch), before the server's answer. */
  receivedAt: number;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>; the port stays the same across stop() and start(). */
  url: string;
  messages: CapturedMail[];
  /** Connections accepted so far: a pooled client opens few and reuses them. */
  connections: () => number;
  /** Stops listening, as an SMTP server that went down. */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
}

/** A real SMTP server in the test process that keeps every message it accepts. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let port = 0;
  let connections = 0;
  let server: SMTPServer | undefined;
  const start = async () => {
    const listening = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stop is an outage: connections a pooled client keeps open are dropped at once, not
      // after the 30 s smtp-server gives them by default.
      closeTimeout: 50,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    // A client that vanishes mid-conversation (a process killed with pooled connections open)
    // is an SMTP server's everyday: smtp-server reports it as an 'error' event, not a failure.
    listening.on('error', () => undefined);
    port = (listening.server.address() as AddressInfo).port;
    server = listening;
  };
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connections: () => connections,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start,
  };
}

/** A header of a raw message (unfolded), or undefined when the message has none. */
export function headerOf(raw: string, name: string): string | undefined {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1]?.trim();
}

/** The body of a quoted-printable part as plain text, to find a link in a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
