import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRONT_CONFIG, frontPorts, frontServerVariables, type Haproxy, startHaproxy } from '../scripts/production-front/haproxy';
import { PRODUCTION_HOST } from './testing/production-env';

/** A stand-in for a Minda process: ready or not on /readyz, and echoing what reached it. */
async function startEcho(name: string, ready: boolean) {
  const seen: { method: string; url: string; headers: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url === '/readyz') {
      res.writeHead(ready ? 200 : 503).end();
      return;
    }
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, headers: req.headers }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// Issue 24: the front the fault run used lived only as TypeScript in the harness; this runs the
// shipped deploy/haproxy.cfg (Debian's HAProxy) over three stand-ins, one of them not ready.
describe('deploy/haproxy.cfg', () => {
  let dir: string;
  let echoes: Awaited<ReturnType<typeof startEcho>>[];
  let front: Haproxy;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'minda-haproxy-'));
    echoes = [await startEcho('minda1', true), await startEcho('minda2', true), await startEcho('minda3', false)];
    front = await startHaproxy(dir, { ports: await frontPorts(), serverPorts: echoes.map((echo) => echo.port) });
    // Two failed checks 500 ms apart take the one that is not ready out.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });
  afterAll(async () => {
    await front?.stop();
    await Promise.all(echoes.map((echo) => echo.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists one server per process, each from a variable the runs set', () => {
    expect(frontServerVariables()).toEqual(['MINDA_1', 'MINDA_2', 'MINDA_3']);
    const config = readFileSync(FRONT_CONFIG, 'utf8');
    expect(config).toMatch(/^\s+timeout http-request 10s$/m);
    expect(config).toMatch(/^\s+log stdout format raw local0$/m);
    expect(config).toMatch(/^\s+option httplog$/m);
  });

  it('terminates TLS with the certificate it is given, and tells the processes the visitor came over https', async () => {
    const answer = await front.fetch(`${front.publicUrl}/api/public/configuration/slug/klinik`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status).toBe(200);
    const { headers } = (await answer.json()) as { headers: Record<string, string> };
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(headers['x-request-id']).toMatch(/^[\w-]{1,64}$/);
    expect(headers.host).toBe(`${PRODUCTION_HOST}:${new URL(front.publicUrl).port}`);
  });

  it('sends plain http to https', async () => {
    const answer = await fetch(`${front.plainUrl}/screener/klinik`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/screener\/klinik$/);
  });

  it('sends no request to a process whose /readyz fails, reads and writes alike', async () => {
    for (let n = 0; n < 6; n++) {
      const read = await front.fetch(`${front.publicUrl}/api/public/psychologists?n=${n}`);
      expect(read.status).toBe(200);
      const write = await front.fetch(`${front.publicUrl}/api/public/appointments`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(((await write.json()) as { headers: Record<string, string> }).headers['x-forwarded-proto']).toBe('https');
    }
    expect(echoes[2]!.seen).toEqual([]);
    expect(echoes.slice(0, 2).flatMap((echo) => echo.seen.map((request) => request.method)).filter((method) => method === 'POST')).toHaveLength(6);
    expect(echoes[0]!.seen.length).toBeGreaterThan(0);
    expect(echoes[1]!.seen.length).toBeGreaterThan(0);
  });

  it('answers 408 to a client whose request headers do not arrive within 10 s', async () => {
    const startedAt = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect({ host: '127.0.0.1', port: Number(new URL(front.publicUrl).port), servername: PRODUCTION_HOST, rejectUnauthorized: false }, () => {
        socket.write(`GET / HTTP/1.1\r\nHost: ${PRODUCTION_HOST}\r\n`);
      });
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 408/);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(9_500);
  }, 20_000);
});
