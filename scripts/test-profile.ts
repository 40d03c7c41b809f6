/**
 * `npm run test:profile [unit+integration] [e2e]`: runs the test phases as `npm test` does (the
 * build before the browser phase) and prints, for each, its wall time and its slowest 20 files.
 * Without arguments it runs both phases. A file's time is what vitest's JSON reporter records
 * from the file's start to its end, its hooks (the built server, the browser) included.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface Phase {
  name: string;
  projects: string[];
  /** What must run before the phase, as in `npm test`. */
  before?: string;
}

const PHASES: Phase[] = [
  { name: 'unit+integration', projects: ['unit', 'integration', 'integration-isolated'] },
  { name: 'e2e', projects: ['e2e'], before: 'npm run build' },
];

/** The parts of vitest's JSON report this script reads. */
interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a shell command with its output shown: its wall time in ms, and whether it passed. */
function timed(command: string): { ms: number; passed: boolean } {
  const start = performance.now();
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  return { ms: performance.now() - start, passed: status === 0 };
}

/** Runs one phase; prints its time, its file and test counts, and its slowest files. */
function profile(phase: Phase, reportDir: string): string {
  const prepared = phase.before ? timed(phase.before) : { ms: 0, passed: true };
  if (!prepared.passed) throw new Error(`\`${phase.before}\` failed`);
  const report = join(reportDir, `${phase.name}.json`);
  const projects = phase.projects.map((p) => `--project ${p}`).join(' ');
  const run = timed(`npx vitest run ${projects} --reporter=dot --reporter=json --outputFile.json=${report}`);
  // A failed phase is still profiled, and fails the script at the end.
  if (!run.passed) process.exitCode = 1;
  const { testResults, numTotalTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const files = testResults.map((file) => ({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime, tests: file.assertionResults.length }));
  files.sort((a, b) => b.ms - a.ms);
  const lines = [
    `${phase.name}: ${seconds(run.ms)} wall${phase.before ? ` (+ ${seconds(prepared.ms)} for \`${phase.before}\`)` : ''}, ${files.length} files, ${numTotalTests} tests, ${numFailedTests} failed; the files add up to ${seconds(files.reduce((sum, f) => sum + f.ms, 0))}`,
    ...files.slice(0, 20).map((f) => `  ${seconds(f.ms).padStart(8)}  ${String(f.tests).padStart(4)} tests  ${f.name}`),
  ];
  return lines.join('\n');
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !PHASES.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(`Unknown phase ${unknown.join(', ')}: the phases are ${PHASES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const reportDir = mkdtempSync(join(tmpdir(), 'minda-test-profile-'));
// Printed together at the end: the phases' own output would bury the first summary.
const summaries = PHASES.filter((phase) => wanted.length === 0 || wanted.includes(phase.name)).map((phase) => profile(phase, reportDir));
console.log(`\n${summaries.join('\n\n')}\n(JSON reports in ${reportDir})`);
