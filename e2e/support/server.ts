import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_VARIABLES } from '../../db/testing/templates';
import { freePort, waitUntilOk } from '../../server/testing/spawn-server';

export interface RunningServer {
  url: string;
  databaseUrl: string;
  stop: () => Promise<void>;
}

/**
 * The production build (`npm run build` runs before the e2e project) on a fresh embedded
 * database with the demo seed, exactly what `npm start` serves. The file starts as a copy of the
 * run's migrated template when there is one (vitest's global set-up): the server finds nothing
 * to migrate and seeds the demo itself, at its own start (decision 0070).
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const varDir = mkdtempSync(join(tmpdir(), 'minda-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sqliteFile = join(varDir, 'e2e.sqlite');
  const template = process.env[TEMPLATE_VARIABLES.sqlite];
  if (env.DATABASE_URL === undefined && template) copyFileSync(template, sqliteFile);
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${sqliteFile}`;
  let log = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      VAR_DIR: varDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // A journey waits for each mail it causes: the outbox's 2 s pause cost a second a mail.
      OUTBOX_INTERVAL_MS: '200',
      ...env,
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  // A hang guard, not a speed check: a loaded machine has taken over 30 s to start one (decision 0066).
  await waitUntilOk(`${url}/healthz`, child, { timeoutMs: 90_000, output: () => log });
  return {
    url,
    databaseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(varDir, { recursive: true, force: true });
    },
  };
}
