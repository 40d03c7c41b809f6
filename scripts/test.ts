/**
 * `npm test`: typecheck, lint and the build side by side, then the database phase, then the
 * browser phase. The first three are single-threaded and need no test run, so on two cores they
 * take about as long as the typecheck alone did before the lint and the build (decision 0065).
 * A stage starts only when the one before passed; the exit status is the first failure's.
 */
import { spawn } from 'node:child_process';

const STAGES: string[][] = [
  ['npm run typecheck', 'npm run lint', 'npm run build'],
  ['npx vitest run --project unit --project integration --project integration-isolated'],
  ['npx vitest run --project e2e'],
];

/**
 * Runs a command; alone, its output streams as it comes; beside others, it is held and printed
 * in one piece when the command ends, so three commands' lines never interleave.
 */
function run(command: string, alone: boolean): Promise<number> {
  const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      if (!alone) process.stdout.write(`\n> ${command}\n${output}`);
      resolve(code ?? 1);
    });
  });
}

for (const commands of STAGES) {
  const codes = await Promise.all(commands.map((command) => run(command, commands.length === 1)));
  const failed = codes.findIndex((code) => code !== 0);
  if (failed !== -1) {
    console.error(`\n\`${commands[failed]}\` failed (exit ${codes[failed]})`);
    process.exit(codes[failed]);
  }
}
