import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { startTestApp, type TestApp } from '../testing/test-app';
import { translationsFor } from '../translations';

const REQUEST_TIMEOUT_MESSAGE = translationsFor('en').limits.requestTimeout();

/** Short enough for a test; the server's own defaults are 30 s and 10 s. */
const TIMEOUTS = { requestMs: 600, headersMs: 400 };
const TRICKLE_EVERY_MS = 50;

/** A client that sends `head` at once, then one byte of `rest` every TRICKLE_EVERY_MS; answers what came back and when. */
function trickle(port: number, head: string, rest: string): Promise<{ raw: string; afterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
    let raw = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++]!);
    }, TRICKLE_EVERY_MS);
    socket.on('data', (chunk) => (raw += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ raw, afterMs: performance.now() - started });
    });
    setTimeout(() => reject(new Error(`no answer in 10 s; received: ${raw}`)), 10_000).unref();
  });
}

function parse(raw: string): { status: number; contentType: string | undefined; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headers] = head.split('\r\n');
  const contentType = headers.find((line) => /^content-type:/i.test(line))?.split(': ')[1];
  return { status: Number(statusLine.split(' ')[1]), contentType, body: JSON.parse(body) };
}

const postHead = (url: string, length: number) =>
  `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('a request that arrives too slowly', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    app = await buildApp(t.services, { httpTimeouts: TIMEOUTS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const body = JSON.stringify({ username: 'demo', password: 'x'.repeat(200) });

  it('is cut off with 408 and a readable error when its body trickles in', async () => {
    const { raw, afterMs } = await trickle(port, postHead('/api/login', body.length), body);
    const answer = parse(raw);
    expect(answer.status).toBe(408);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: REQUEST_TIMEOUT_MESSAGE });
    // Cut near its timeout, not after the whole body (200+ bytes at 20 a second, over 10 s).
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs + 1_500);
  });

  it('answers the typed client’s envelope on /trpc', async () => {
    const { raw } = await trickle(port, postHead('/trpc/auth.login', body.length), body);
    const answer = parse(raw);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ error: { json: { message: REQUEST_TIMEOUT_MESSAGE, data: { code: 'TIMEOUT', httpStatus: 408 } } } });
  });

  it('is cut off with 408 when its headers trickle in', async () => {
    const { raw, afterMs } = await trickle(port, 'GET /healthz HTTP/1.1\r\n', `X-Slow: ${'a'.repeat(400)}\r\n\r\n`);
    expect(parse(raw)).toMatchObject({ status: 408, body: { error: REQUEST_TIMEOUT_MESSAGE } });
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs + 1_500);
  });

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
  });
});
