import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchServer } from './bare-http-server';
import type { Answer } from './demo-screener';

const STARTUP_TIMEOUT_MS = 15_000;

/**
 * Starts bare node:http answering `answer` in its own Node process: inside the benchmark's
 * process it would share one thread with autocannon, a handicap the real server does not have.
 */
export async function startBaselineProcess(answer: Answer): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-bench-'));
  const answerFile = join(dir, 'answer');
  const headersFile = join(dir, 'headers.json');
  writeFileSync(answerFile, answer.bytes);
  writeFileSync(headersFile, JSON.stringify(answer.headers));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'baseline-main.ts'), answerFile, headersFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The bare node:http baseline did not start`)), STARTUP_TIMEOUT_MS);
      createInterface({ input: child.stdout! }).once('line', (line) => {
        clearTimeout(timer);
        resolve(line.trim());
      });
      child.once('exit', (code) => reject(new Error(`The bare node:http baseline exited with ${code}`)));
    });
    return {
      url,
      close: async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
        cleanUp();
      },
    };
  } catch (error) {
    child.kill('SIGTERM');
    cleanUp();
    throw error;
  }
}
