import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBuiltServer } from './support/server';

const ASSETS = 'dist/client/assets';

describe('source maps of the production build', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server.stop());

  it('names no map in any bundle, and answers 404 for each map the build kept', async () => {
    const files = readdirSync(ASSETS);
    const bundles = files.filter((file) => file.endsWith('.js'));
    const maps = files.filter((file) => file.endsWith('.map'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles) expect(readFileSync(join(ASSETS, bundle), 'utf8'), bundle).not.toContain('sourceMappingURL');
    for (const map of maps) expect((await fetch(`${server.url}/assets/${map}`)).status, map).toBe(404);
    expect((await fetch(`${server.url}/assets/${bundles[0]!}`)).status).toBe(200);
  });
});
