import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { spawnServer } from '../testing/spawn-server';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('readiness on sqlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('is ready once the database answers and has run every migration, and echoes the balancer’s request id', async () => {
    const response = await t.app.inject({ url: '/readyz', headers: { 'x-request-id': 'lb-0001' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['x-request-id']).toBe('lb-0001');
  });

  it('is not ready while a migration of this build has not run, and ready again after it ran', async () => {
    const db = t.services.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const { name, timestamp } = rows[0]!;
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
    const app = await buildApp(t.services);
    try {
      const behind = await app.inject('/readyz');
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'migrating', pending: [name] });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db);
      expect((await app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is not ready once stopping, while it still answers everything else', async () => {
    const readiness = { stopping: false };
    const app = await buildApp(t.services, { readiness });
    try {
      readiness.stopping = true;
      const stopping = await app.inject('/readyz');
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ status: 'stopping' });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('graceful drain of a server process', () => {
  it('on SIGTERM reports not ready, keeps answering during the drain, then exits cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'minda-drain-'));
    const server = await spawnServer({ DATABASE_URL: `sqlite:${join(dir, 'drain.sqlite')}`, SHUTDOWN_DRAIN_MS: '3000' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const exit = server.terminate();
    let readyz = 200;
    for (let tries = 0; readyz === 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      readyz = (await fetch(`${server.url}/readyz`)).status;
    }
    expect(readyz).toBe(503);
    // Still serving: the balancer has not noticed yet, and what it sends meanwhile is answered.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await exit).toBe(0);
  });
});
