import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the signature checks out with the secret alone, within 5 minutes. */
  signatureValid: boolean;
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
}

/**
 * A clinic's receiver as docs/api.md ("Webhooks") shows it: it knows only the signing secret and checks
 * `minda-signature: t=…,v1=…[,v1=…]` against HMAC-SHA256("<t>.<body>"). `failNext` answers the next
 * requests 500, as a receiver that is down for a moment.
 */
export async function startWebhookReceiver(secret: () => string) {
  const received: ReceivedEvent[] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (failures > 0) {
        failures--;
        res.writeHead(500).end('down');
        return;
      }
      received.push({ headers: req.headers, body, signatureValid: signatureValid(secret(), String(req.headers['minda-signature']), body), receivedAt: Date.now() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/minda-events`,
    received,
    events: () => received.map((event) => JSON.parse(event.body) as { id: string; type: string; data: Record<string, unknown> }),
    failNext: (count: number) => {
      failures = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Any `v1` may be the one under our secret: while a rolled secret still signs, there are two. */
export function signatureValid(secret: string, header: string, body: string): boolean {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return parts
    .filter(([name]) => name === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
