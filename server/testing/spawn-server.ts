import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Sends SIGTERM and waits for the exit. */
  stop: () => Promise<void>;
  /** Sends SIGTERM without waiting: the caller watches the drain; the exit code when it ends. */
  terminate: () => Promise<number | null>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Asks `url` every 100 ms until it answers 2xx, as a supervisor (/healthz) or a balancer
 * (/readyz) would; fails with the process's `output` if it exits first or the time runs out.
 */
export async function waitUntilOk(url: string, child: ChildProcess, { timeoutMs, output = () => '' }: { timeoutMs: number; output?: () => string }): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before ${url} answered:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * The real server entry point (server/main.ts) in its own Node process, as production runs
 * it, with `env` on top of a test set-up: no demo data, quiet logs, a temporary VAR_DIR.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      BOOKING_CHALLENGE_COST: '2',
      LOG_LEVEL: 'warn',
      VAR_DIR: mkdtempSync(join(tmpdir(), 'minda-server-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    // A hang guard, not a speed check: a loaded machine has taken over 30 s to start one (decision 0066).
    await waitUntilOk(`${url}/healthz`, child, { timeoutMs: 90_000, output: () => output });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    terminate: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
