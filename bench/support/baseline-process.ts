import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AnswerTable, BenchServer } from './bare-http-server';

const STARTUP_TIMEOUT_MS = 15_000;

/**
 * Starts bare node:http sending `answers` in its own Node process: inside the benchmark's
 * process it would share one thread with the load, a handicap the real server does not have.
 */
export async function startBaselineProcess(answers: AnswerTable): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-bench-'));
  const answersFile = join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(Object.fromEntries(Object.entries(answers).map(([route, answer]) => [route, { ...answer, bytes: answer.bytes.toString('base64') }]))));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'baseline-main.ts'), answersFile], {
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
