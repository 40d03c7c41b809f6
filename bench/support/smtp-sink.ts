import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** The Message-ID of every mail accepted, in the order they came. */
  messageIds: string[];
  /** The first mail as received, headers and MIME parts, for a baseline that sends the same. */
  first: () => Buffer | undefined;
  /** Resolves with the moment (performance.now()) the `count`th mail came, or rejects at `deadline`. */
  whenReceived: (count: number, deadline: number) => Promise<number>;
  /** Forgets what came so far. */
  clear: () => void;
  stop: () => Promise<void>;
}

const MESSAGE_ID = /^Message-ID:\s*(<[^>\r\n]+>)/im;

/**
 * An SMTP server that takes any mail and keeps only its Message-ID (and the first mail whole):
 * a benchmark's sink, which must cost the senders as little as it can.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messageIds: string[] = [];
  const arrivals: number[] = [];
  let first: Buffer | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 50,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        first ??= raw;
        messageIds.push(MESSAGE_ID.exec(raw.subarray(0, 16_384).toString('latin1'))?.[1] ?? '');
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messageIds,
    first: () => first,
    whenReceived: async (count, deadline) => {
      while (messageIds.length < count) {
        if (performance.now() > deadline) throw new Error(`The sink has ${messageIds.length} of ${count} mails at the deadline`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return arrivals[count - 1]!;
    },
    clear: () => {
      messageIds.length = 0;
      arrivals.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
