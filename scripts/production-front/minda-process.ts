import { type ChildProcess, spawn } from 'node:child_process';

export interface MindaProcess {
  port: number;
  /** Sends the signal and waits for the exit. */
  stop: (signal: 'SIGTERM' | 'SIGKILL') => Promise<number | null>;
}

/** Waits until the process says it is ready on /readyz, as the balancer would. */
async function untilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Minda exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Minda on ${url} was not ready within 60 s`);
}

/** One production process from the build (`node dist/server/main.js`), ready when this resolves. */
export async function startMindaProcess(port: number, env: Record<string, string>): Promise<MindaProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await untilReady(`http://127.0.0.1:${port}`, child);
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
