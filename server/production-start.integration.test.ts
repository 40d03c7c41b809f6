import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemo } from '../db/seed-demo';
import { createTestDatabase, type TestDatabase } from '../db/testing/test-databases';
import { hashPassword } from './auth/passwords';
import { productionEnv } from './testing/production-env';

/** Runs the real entry point (server/main.ts) until it exits; a refused start exits at once. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', VAR_DIR: mkdtempSync(join(tmpdir(), 'minda-start-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A start that is not refused keeps serving: stop it and report it as such. Not sooner: tsx
  // compiles the whole server first, which took over 20 s on a loaded 2-core machine (decision 0066).
  const stopIfServing = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(stopIfServing);
      resolve({ code, output });
    }),
  );
}

describe('a production start of server/main.ts', () => {
  let database: TestDatabase;
  let production: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // Nothing listens there: these starts are refused before any mail could be sent.
    production = productionEnv({ DATABASE_URL: database.url, SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => database.drop());

  it('is refused as docker-compose.yml used to start it, naming SMTP_URL, PUBLIC_URL and MAIL_FROM', async () => {
    const { SMTP_URL: _smtp, MAIL_FROM: _from, ...composeDefaults } = production;
    const { code, output } = await runServer({ ...composeDefaults, PUBLIC_URL: 'http://localhost:3000' });
    expect(code).toBe(1);
    expect(output).toContain('PUBLIC_URL: must be https in production');
    expect(output).toContain('SMTP_URL: is required in production');
    expect(output).toContain('MAIL_FROM: is on minda.local, a reserved domain');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('is refused with the session secret docker-compose.yml used to ship, saying why', async () => {
    const { code, output } = await runServer({ ...production, SESSION_SECRET: 'change-me-to-32-or-more-random-characters' });
    expect(code).toBe(1);
    expect(output).toContain('SESSION_SECRET: looks like a placeholder');
  });

  it('is refused while the demo operator signs in with its published password', async () => {
    await seedDemo(database.db, await hashPassword(DEMO_OPERATOR.password), new Date());
    const { code, output } = await runServer(production);
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start in production: the demo account');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
