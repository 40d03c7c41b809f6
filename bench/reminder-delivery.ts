import { closeSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addHours } from 'date-fns';
import { createTransport } from 'nodemailer';
import { insertConfirmedAppointments } from '../db/testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../db/testing/test-databases';
import { type MindaProcess, startMindaProcess } from '../scripts/production-front/minda-process';
import { SMTP_CONNECTIONS, SMTP_POOL } from '../server/mail/transport';
import { insertBookableScreener } from '../server/testing/booking-requests';
import { productionEnv } from '../server/testing/production-env';
import { freePort } from '../server/testing/spawn-server';
import { type Figure, formatMs, runWhenMain } from './support/figures';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';

const REMINDERS = 10_000;
const PROCESSES = 3;
/** Each side must be done by then, or the benchmark fails rather than waiting on. */
const DEADLINE_MS = 5 * 60_000;
/** Issue 31's target: the reminders delivered at half the rate of one nodemailer loop or better. */
const MINIMUM_RATIO = 0.5;

const formatMailRate = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en')} mails/s`;

/**
 * REMINDERS confirmed appointments whose 24-hour reminders fell due one after another over the
 * minute before now, all of one clinic.
 */
async function seedDueReminders(database: TestDatabase): Promise<void> {
  const clinic = await insertBookableScreener(database.db, {}, { autoConfirmRequests: true });
  const now = Date.now();
  const starts = Array.from({ length: REMINDERS }, (_, n) => addHours(new Date(now - ((n + 1) * 60_000) / REMINDERS), 24));
  await insertConfirmedAppointments(database.db, clinic, starts);
}

/**
 * Starts the processes and answers how long until the sink had every reminder, and until all were
 * queued. Their warnings and errors (a failed pass, a deadlock) go to a file in the run's
 * directory, which is kept and named, to read when the last reminders are late.
 */
async function deliverThroughProcesses(database: TestDatabase, sink: SmtpSink, processes: MindaProcess[]) {
  const varDir = mkdtempSync(join(tmpdir(), 'minda-bench-'));
  const logFile = join(varDir, 'processes.log');
  const stdout = openSync(logFile, 'a');
  console.log(`the processes' log: ${logFile}`);
  const env = productionEnv({ DATABASE_URL: database.url, SMTP_URL: sink.url, LOG_LEVEL: 'warn', VAR_DIR: varDir });
  try {
    const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
    const started = performance.now();
    const deadline = started + DEADLINE_MS;
    processes.push(...(await Promise.all(ports.map((port) => startMindaProcess(port, env, { stdout })))));
    let queuedAt = Number.NaN;
    const untilQueued = (async () => {
      while (performance.now() < deadline) {
        const { count } = await database.db.selectFrom('appointment_reminders').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
        if (Number(count) >= REMINDERS) return (queuedAt = performance.now());
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const allReceivedAt = await sink.whenReceived(REMINDERS, deadline);
    await untilQueued;
    return { ms: allReceivedAt - started, queuedMs: queuedAt - started };
  } finally {
    closeSync(stdout);
  }
}

/** One nodemailer loop in this process sending `count` copies of `raw`, each with a Message-ID of its own. */
async function deliverThroughNodemailerLoop(sink: SmtpSink, raw: Buffer, count: number): Promise<number> {
  const transporter = createTransport({ url: sink.url, ...SMTP_POOL });
  const text = raw.toString('latin1');
  try {
    const started = performance.now();
    const sends = [];
    for (let n = 0; n < count; n++) {
      const mail = Buffer.from(text.replace(/^Message-ID:\s*<[^>\r\n]+>/im, `Message-ID: <baseline-${n}@minda.bench>`), 'latin1');
      sends.push(transporter.sendMail({ envelope: { from: 'no-reply@minda.bench', to: 'siti@example.com' }, raw: mail }));
    }
    await Promise.all(sends);
    return (await sink.whenReceived(count, started + DEADLINE_MS)) - started;
  } finally {
    transporter.close();
  }
}

/**
 * Issue 17: 10,000 reminders due in the same minute, three production processes from the build
 * on one fresh MariaDB database, an SMTP sink in this process. Measured from the processes'
 * start until the sink has every reminder: the reminder job queues them, the outboxes deliver.
 * Baseline: how fast the same sink takes the same mails (the first reminder's bytes, a
 * Message-ID each) from one plain nodemailer loop in this process, with the transport options
 * of one Minda process (pooled, SMTP_CONNECTIONS connections).
 */
export async function benchmarkReminderDelivery(): Promise<Figure[]> {
  if (!TEST_DIALECTS.includes('mysql')) throw new Error('Reminder delivery needs MySQL (MYSQL_TEST_URL)');
  const database = await createTestDatabase('mysql');
  const sink = await startSmtpSink();
  const processes: MindaProcess[] = [];
  try {
    const seedStarted = performance.now();
    await seedDueReminders(database);
    console.log(`seeded ${REMINDERS} due reminders in ${formatMs(performance.now() - seedStarted)}`);
    const app = await deliverThroughProcesses(database, sink, processes);
    await Promise.all(processes.map((process) => process.stop('SIGTERM')));
    const received = sink.messageIds.length;
    const distinct = new Set(sink.messageIds).size;
    const reminders = Number((await database.db.selectFrom('appointment_reminders').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()).count);
    const raw = sink.first()!;

    sink.clear();
    const baselineMs = await deliverThroughNodemailerLoop(sink, raw, REMINDERS);
    const appRate = (REMINDERS * 1000) / app.ms;
    const baselineRate = (REMINDERS * 1000) / baselineMs;
    return [
      {
        benchmark: `reminder delivery: ${REMINDERS.toLocaleString('en')} due in one minute, ${PROCESSES} processes, MariaDB, SMTP sink`,
        figure: `all delivered ${formatMs(app.ms)} after start (${formatMailRate(appRate)}; all queued after ${formatMs(app.queuedMs)}); ${received} received, ${distinct} distinct Message-IDs, ${reminders} reminder rows`,
        baseline: `one nodemailer loop, pooled (${SMTP_CONNECTIONS} connections), same ${raw.length} B mails: ${formatMs(baselineMs)} (${formatMailRate(baselineRate)})`,
        ratio: appRate / baselineRate,
        target: `≥ ${MINIMUM_RATIO * 100} %, each reminder exactly once (${REMINDERS.toLocaleString('en')} distinct Message-IDs)`,
        met: received === REMINDERS && distinct === REMINDERS && reminders === REMINDERS && appRate / baselineRate >= MINIMUM_RATIO,
      },
    ];
  } finally {
    await Promise.all(processes.map((process) => process.stop('SIGKILL')));
    await sink.stop();
    await database.drop();
  }
}

runWhenMain(import.meta.url, benchmarkReminderDelivery);
