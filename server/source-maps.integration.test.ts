import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { startTestApp, type TestApp } from './testing/test-app';

/** A built client as `vite build` leaves it: hidden source maps beside the bundles. */
function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'minda-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Minda</title>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("minda");');
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../../src/main.tsx"]}');
  return dir;
}

describe('the built client', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    app = await buildApp(t.services, { clientDir: builtClient() });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('serves the bundles but never a source map, nor the page in its place', async () => {
    expect((await app.inject('/assets/index-abc123.js')).statusCode).toBe(200);
    for (const path of ['/assets/index-abc123.js.map', '/assets/INDEX-ABC123.JS.MAP', '/assets/index-abc123.js.map?v=1', '/server/main.js.map']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).not.toContain('sources');
    }
    expect((await app.inject('/screener/klinik-minda')).statusCode).toBe(200);
  });

  // Issue 24: a missing bundle was answered with the page, 200 and HTML, where a script was due.
  it('answers 404 for a missing file under /assets, never the page', async () => {
    for (const path of ['/assets/index-old999.js', '/assets/index-old999.js?v=2', '/assets/index-old999.css', '/assets/fonts/missing.woff2', '/assets/']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).not.toContain('text/html');
    }
    expect((await app.inject('/assets-overview')).statusCode).toBe(200);
  });
});
