import { spawn } from 'node:child_process';
import { waitUntilOk } from '../../server/testing/spawn-server';

export interface MindaProcess {
  port: number;
  /** Sends the signal and waits for the exit. */
  stop: (signal: 'SIGTERM' | 'SIGKILL') => Promise<number | null>;
}

/**
 * One production process from the build (`node dist/server/main.js`), ready when this resolves;
 * `node` is this process's own Node unless a test names another binary. Its log (stdout) is
 * dropped unless `stdout` names an open file for it.
 */
export async function startMindaProcess(
  port: number,
  env: Record<string, string>,
  { node = process.execPath, stdout }: { node?: string; stdout?: number } = {},
): Promise<MindaProcess> {
  const child = spawn(node, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', stdout ?? 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    // Ready as the balancer sees it (/readyz), which a loaded machine may take a while to say.
    await waitUntilOk(`http://127.0.0.1:${port}/readyz`, child, { timeoutMs: 60_000 });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    stop: (signal) => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
