import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addHours, addSeconds } from 'date-fns';
import { webhookSecretOf } from '../../db/repositories/webhooks';
import { bookSlot, insertSlot } from '../../db/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../db/testing/test-databases';
import { insertBookableScreener } from '../../server/testing/booking-requests';
import { startSmtpCapture } from '../../server/testing/smtp-capture';
import { freePort } from '../../server/testing/spawn-server';
import { startWebhookReceiver } from '../../server/testing/webhook-receiver';
import { haproxyConfig, startHaproxy } from './haproxy';
import { type MindaProcess, startMindaProcess } from './minda-process';

type Kind = 'screening' | 'booking';
type Phase = 'steady' | 'kill' | 'rolling';

interface Sample {
  kind: Kind;
  phase: Phase;
  /** HTTP status, or 0 when the connection failed. */
  status: number;
  ms: number;
  appointmentId?: string;
  /** Why no answer came, when none did. */
  error?: string;
}

export interface Check {
  requirement: string;
  measured: string;
  pass: boolean;
}

export interface FaultRunResult {
  load: { kind: Kind; requests: number; failed: number; p99Ms: number; perSecond: number }[];
  checks: Check[];
  pass: boolean;
}

const PROCESSES = 3;
const CONCURRENCY = 12;
const REMINDERS = 30;
const HOLDS = 20;
const SLOTS = 600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p99 = (values: number[]) => (values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!);
/** A failure a client sees: no answer, or the server's error. */
const failed = (sample: Sample) => sample.status === 0 || sample.status >= 500;

/** What the run starts with: a clinic taking bookings with a webhook, reminders due, holds about to lapse. */
async function seed(database: TestDatabase, webhookUrl: string, now: Date) {
  const db = database.db;
  const clinic = await insertBookableScreener(db, { minimumAdvanceHours: 0 }, { autoConfirmRequests: true });
  await webhookSecretOf(db, clinic.userId, `whsec_${randomBytes(16).toString('hex')}`);
  await db.insertInto('webhook_endpoints').values({ id: crypto.randomUUID(), user_id: clinic.userId, url: webhookUrl, created_at: now }).execute();
  const slotIds: string[] = [];
  for (let n = 0; n < SLOTS; n++) slotIds.push(await insertSlot(db, clinic.psychologistId, addHours(now, 48 + n)));
  const quiet = await insertBookableScreener(db);
  const standing = async (startsAt: Date, status: string, holdExpiresAt: Date | null) => {
    const id = await bookSlot(db, { userId: quiet.userId, psychologistId: quiet.psychologistId, slotId: await insertSlot(db, quiet.psychologistId, startsAt) });
    await db.updateTable('appointments').set({ status, hold_expires_at: holdExpiresAt }).where('id', '=', id).execute();
  };
  for (let n = 0; n < REMINDERS; n++) await standing(addSeconds(addHours(now, 23), n * 3600 / REMINDERS), 'confirmed', null);
  for (let n = 0; n < HOLDS; n++) await standing(addHours(now, 100 + n), 'held', addSeconds(now, 5));
  return { clinic, slotIds, quietUserId: quiet.userId };
}

/** The clients: visitors screening and booking through the balancer, each from its own address. */
function startLoad(frontUrl: string, target: { slug: string; psychologistId: string; slotIds: string[] }, phaseAt: () => Phase) {
  const samples: Sample[] = [];
  let running = true;
  let visitor = 0;
  const request = async (kind: Kind, path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const address = `2001:db8:${(++visitor).toString(16)}::1`;
    try {
      const response = await fetch(`${frontUrl}${path}`, { ...init, headers: { 'x-forwarded-for': address, origin: frontUrl, 'content-type': 'application/json', ...init.headers } });
      const body = (await response.json().catch(() => ({}))) as { appointmentId?: string };
      samples.push({ kind, phase: phaseAt(), status: response.status, ms: performance.now() - started, appointmentId: response.status === 201 ? body.appointmentId : undefined });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      samples.push({ kind, phase: phaseAt(), status: 0, ms: performance.now() - started, error: cause?.code ?? cause?.message ?? String(error) });
    }
  };
  const worker = async () => {
    while (running) {
      if (Math.random() < 0.3) {
        const slotId = target.slotIds[Math.floor(Math.random() * target.slotIds.length)]!;
        const booking = { slug: target.slug, psychologistId: target.psychologistId, slotId, clientName: 'Nur Aisyah', clientEmail: `visitor-${visitor}@example.com`, clientPhone: '012-345 6789', clientTimezone: 'Asia/Kuala_Lumpur' };
        await request('booking', '/api/public/appointments', { method: 'POST', body: JSON.stringify(booking) });
      } else {
        await request('screening', Math.random() < 0.5 ? `/api/public/configuration/slug/${target.slug}` : `/api/public/psychologists?slug=${target.slug}`);
      }
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, worker);
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/**
 * The fault run of issue 17: HAProxy over three production processes on one fresh MariaDB
 * database, a mixed load for `seconds`, one process SIGKILLed and started again at a fifth of
 * the way, then a rolling SIGTERM restart of all three; afterwards the database, the SMTP sink
 * and the webhook receiver are checked for lost or doubled work.
 */
export async function faultRun(seconds: number): Promise<FaultRunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-front-'));
  const database = await createTestDatabase('mysql');
  const smtp = await startSmtpCapture();
  let secret = '';
  const receiver = await startWebhookReceiver(() => secret);
  const frontPort = await freePort();
  const frontUrl = `http://127.0.0.1:${frontPort}`;
  const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    PUBLIC_URL: frontUrl,
    SESSION_SECRET: randomBytes(32).toString('base64'),
    TRUST_PROXY: '2',
    SMTP_URL: smtp.url,
    FREE_BOOKINGS: '1000000',
    STRIPE_SECRET_KEY: 'sk_test_front',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_front',
    STRIPE_PRICE_ID: 'price_front',
    STRIPE_WEBHOOK_SECRET: 'whsec_front',
    LOG_LEVEL: 'warn',
    VAR_DIR: dir,
    SHUTDOWN_DRAIN_MS: '2000',
  };
  const startedAt = new Date();
  const seeded = await seed(database, receiver.url, startedAt);
  secret = (await database.db.selectFrom('users').select('webhook_secret').where('id', '=', seeded.clinic.userId).executeTakeFirstOrThrow()).webhook_secret!;
  const processes: MindaProcess[] = await Promise.all(ports.map((port) => startMindaProcess(port, env)));
  const haproxy = await startHaproxy(dir, haproxyConfig({ port: frontPort, servers: ports.map((port, n) => ({ name: `minda${n + 1}`, port })), log: process.env.FRONT_LOG === '1' }));
  await sleep(1_500);

  let phase: Phase = 'steady';
  const load = startLoad(frontUrl, { slug: seeded.clinic.slug, psychologistId: seeded.clinic.psychologistId, slotIds: seeded.slotIds }, () => phase);
  try {
    await sleep(seconds * 200);
    phase = 'kill';
    await processes[0]!.stop('SIGKILL');
    processes[0] = await startMindaProcess(ports[0]!, env);
    await sleep(2_000);
    phase = 'steady';
    await sleep(seconds * 250);
    phase = 'rolling';
    for (let n = 0; n < PROCESSES; n++) {
      await processes[n]!.stop('SIGTERM');
      processes[n] = await startMindaProcess(ports[n]!, env);
      // Two passing checks 500 ms apart bring it back into rotation; a loaded machine takes longer.
      await sleep(3_000);
    }
    phase = 'steady';
    await sleep(Math.max(0, startedAt.getTime() + seconds * 1000 - Date.now()));
  } finally {
    await load.stop();
  }
  try {
    const checks = await checkOutcomes(database, { samples: load.samples, smtp: smtp.messages, webhooks: receiver.received, clinicUserId: seeded.clinic.userId, quietUserId: seeded.quietUserId });
    const kinds: Kind[] = ['screening', 'booking'];
    return {
      load: kinds.map((kind) => {
        const of = load.samples.filter((sample) => sample.kind === kind);
        return { kind, requests: of.length, failed: of.filter(failed).length, p99Ms: Math.round(p99(of.map((sample) => sample.ms))), perSecond: Math.round(of.length / seconds) };
      }),
      checks,
      pass: checks.every((check) => check.pass),
    };
  } finally {
    await haproxy.stop();
    await Promise.all(processes.map((process) => process.stop('SIGTERM')));
    await receiver.stop();
    await smtp.stop();
    await database.drop();
  }
}

/** Waits until the outboxes are empty, then compares what the clients, the database, the sink and the receiver saw. */
async function checkOutcomes(
  database: TestDatabase,
  seen: { samples: Sample[]; smtp: { raw: string }[]; webhooks: { headers: Record<string, unknown> }[]; clinicUserId: string; quietUserId: string },
): Promise<Check[]> {
  const db = database.db;
  for (let waited = 0; waited < 90; waited++) {
    const mails = await db.selectFrom('email_outbox').select('id').where('status', '=', 'pending').execute();
    const posts = await db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').execute();
    if (mails.length === 0 && posts.length === 0) break;
    await sleep(1_000);
  }
  const inPhase = (phase: Phase) => seen.samples.filter((sample) => sample.phase === phase && failed(sample));
  const killFailures = inPhase('kill');
  const booked = seen.samples.flatMap((sample) => (sample.appointmentId ? [sample.appointmentId] : []));
  const stored = await db.selectFrom('appointments').select(['id', 'slot_id']).where('user_id', '=', seen.clinicUserId).execute();
  const storedIds = new Set(stored.map((row) => row.id));
  const lost = booked.filter((id) => !storedIds.has(id)).length;
  const doubledSlots = stored.length - new Set(stored.map((row) => row.slot_id)).size;
  const unanswered = stored.length - new Set(booked).size;

  const messageIds = seen.smtp.map((mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1] ?? '');
  const sent = await db.selectFrom('email_outbox').select('id').where('status', '=', 'sent').execute();
  // Still pending after the wait: the outbox's backlog, or mails the killed process had leased,
  // which wait for its lease to lapse (5 minutes).
  const pendingMail = await db.selectFrom('email_outbox').select('id').where('status', '=', 'pending').execute();
  const duplicateMails = messageIds.length - new Set(messageIds).size;
  const reminders = await db.selectFrom('appointment_reminders').select('appointment_id').execute();
  const eventIds = seen.webhooks.map((event) => String(event.headers['minda-event-id']));
  const delivered = await db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'delivered').execute();
  const lateness = await db
    .selectFrom('appointment_events as e')
    .innerJoin('appointments as a', 'a.id', 'e.appointment_id')
    .select(['e.at', 'a.hold_expires_at'])
    .where('a.user_id', '=', seen.quietUserId)
    .where('e.to_status', '=', 'expired')
    .execute();
  const stillHeld = await db.selectFrom('appointments').select('id').where('user_id', '=', seen.quietUserId).where('status', '=', 'held').execute();
  const latest = Math.max(0, ...lateness.map((row) => (new Date(row.at).getTime() - new Date(row.hold_expires_at!).getTime()) / 1000));

  return [
    { requirement: 'rolling restart: failed requests', measured: String(inPhase('rolling').length), pass: inPhase('rolling').length === 0 },
    {
      requirement: 'SIGKILL: failures only in flight, as 502/503',
      measured: `${killFailures.length} (${[...new Set(killFailures.map((sample) => sample.status || sample.error))].join(', ') || 'none'})`,
      pass: killFailures.length <= CONCURRENCY && killFailures.every((sample) => sample.status === 502 || sample.status === 503),
    },
    { requirement: 'other failed requests', measured: String(inPhase('steady').length), pass: inPhase('steady').length === 0 },
    { requirement: 'appointments lost / doubled', measured: `${lost} / ${doubledSlots + Math.max(0, unanswered)} of ${booked.length}`, pass: lost === 0 && doubledSlots === 0 && unanswered === 0 },
    {
      requirement: 'mails sent exactly once',
      measured: `${messageIds.length} received, ${sent.length} marked sent, ${duplicateMails} twice, ${pendingMail.length} still waiting`,
      pass: duplicateMails === 0 && messageIds.length === sent.length && pendingMail.length === 0,
    },
    { requirement: 'reminders queued exactly once', measured: `${reminders.length} of ${REMINDERS}`, pass: reminders.length === REMINDERS },
    {
      requirement: 'webhooks delivered exactly once',
      measured: `${eventIds.length} received, ${delivered.length} delivered, ${eventIds.length - new Set(eventIds).size} twice`,
      pass: eventIds.length === delivered.length && eventIds.length === new Set(eventIds).size,
    },
    { requirement: 'holds expired within a minute', measured: `${lateness.length} of ${HOLDS}, latest ${latest.toFixed(1)} s after expiry`, pass: stillHeld.length === 0 && latest <= 60 },
  ];
}

/** The results as README shows them. */
export function resultTable(result: FaultRunResult): string {
  const lines = ['| request kind | requests | per second | failed | p99 (ms) |', '|---|---|---|---|---|'];
  for (const row of result.load) lines.push(`| ${row.kind} | ${row.requests} | ${row.perSecond} | ${row.failed} | ${row.p99Ms} |`);
  lines.push('', '| requirement | measured | |', '|---|---|---|');
  for (const check of result.checks) lines.push(`| ${check.requirement} | ${check.measured} | ${check.pass ? 'pass' : 'FAIL'} |`);
  return lines.join('\n');
}
