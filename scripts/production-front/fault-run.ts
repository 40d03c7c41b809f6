import type { TestDatabase } from '../../db/testing/test-databases';
import { HOLDS, PROCESSES, REMINDERS, startProductionFront } from './front';
import { failed, type Sample, startMixedLoad, summarise } from './mixed-load';

type Phase = 'steady' | 'kill' | 'rolling';

export interface Check {
  requirement: string;
  measured: string;
  pass: boolean;
}

export interface FaultRunResult {
  load: ReturnType<typeof summarise>;
  checks: Check[];
  pass: boolean;
}

const VISITORS = 12;
/** How long the outbox and the webhook deliveries may take to drain after the load stops. */
const DRAIN_SECONDS = 90;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fault run of issue 17: the production front (HAProxy over three production processes on
 * one fresh MariaDB database) under the mixed load for `seconds`, one process SIGKILLed and
 * started again at a fifth of the way, then a rolling SIGTERM restart of all three; afterwards
 * the database, the SMTP sink and the webhook receiver are checked for lost or doubled work.
 */
export async function faultRun(seconds: number): Promise<FaultRunResult> {
  const front = await startProductionFront();
  const startedAt = Date.now();
  await sleep(1_500);

  let phase: Phase = 'steady';
  const plan = front.plan(VISITORS);
  const load = startMixedLoad(front.url, plan, () => phase);
  try {
    await sleep(seconds * 200);
    phase = 'kill';
    await front.restart(0, 'SIGKILL');
    await sleep(2_000);
    phase = 'steady';
    await sleep(seconds * 250);
    phase = 'rolling';
    for (let n = 0; n < PROCESSES; n++) {
      await front.restart(n, 'SIGTERM');
      // Two passing checks 500 ms apart bring it back into rotation; a loaded machine takes longer.
      await sleep(3_000);
    }
    phase = 'steady';
    await sleep(Math.max(0, startedAt + seconds * 1000 - Date.now()));
  } finally {
    await load.stop();
  }
  try {
    const checks = await checkOutcomes(front.database, {
      samples: load.samples,
      clients: VISITORS + plan.operators.length,
      smtp: front.smtp.messages,
      webhooks: front.receiver.received,
      clinicUserId: front.clinicUserId,
      quietUserId: front.quietUserId,
    });
    return { load: summarise(load.samples, seconds), checks, pass: checks.every((check) => check.pass) };
  } finally {
    await front.stop();
  }
}

/** Waits until the outboxes are empty, then compares what the clients, the database, the sink and the receiver saw. */
async function checkOutcomes(
  database: TestDatabase,
  seen: { samples: Sample<Phase>[]; clients: number; smtp: { raw: string }[]; webhooks: { headers: Record<string, unknown> }[]; clinicUserId: string; quietUserId: string },
): Promise<Check[]> {
  const db = database.db;
  for (let waited = 0; waited < DRAIN_SECONDS; waited++) {
    const mails = await db.selectFrom('email_outbox').select('id').where('status', '=', 'pending').execute();
    const posts = await db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').execute();
    if (mails.length === 0 && posts.length === 0) break;
    await sleep(1_000);
  }
  const inPhase = (phase: Phase) => seen.samples.filter((sample) => sample.phase === phase && failed(sample));
  const killFailures = inPhase('kill');
  const signedOut = seen.samples.filter((sample) => sample.kind.startsWith('operator') && sample.status === 401);
  const booked = seen.samples.flatMap((sample) => (sample.appointmentId ? [sample.appointmentId] : []));
  const stored = await db.selectFrom('appointments').select(['id', 'slot_id']).where('user_id', '=', seen.clinicUserId).execute();
  const storedIds = new Set(stored.map((row) => row.id));
  const lost = booked.filter((id) => !storedIds.has(id)).length;
  const doubledSlots = stored.length - new Set(stored.map((row) => row.slot_id)).size;
  const unanswered = stored.length - new Set(booked).size;

  const messageIds = seen.smtp.map((mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1] ?? '');
  const sent = await db.selectFrom('email_outbox').select('id').where('status', '=', 'sent').execute();
  // Still pending after the wait: the outbox's backlog, or mails the killed process had leased,
  // which wait for their lease to lapse.
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
      measured: `${killFailures.length} (${[...new Set(killFailures.map((sample) => `${sample.kind} ${sample.status || sample.error}`))].join(', ') || 'none'})`,
      // At most one request in flight per client on the killed process, none of them a read (HAProxy retries those).
      pass: killFailures.length <= seen.clients && killFailures.every((sample) => (sample.status === 502 || sample.status === 503) && !sample.route.startsWith('GET ')),
    },
    { requirement: 'other failed requests', measured: String(inPhase('steady').length), pass: inPhase('steady').length === 0 },
    { requirement: 'operator sessions kept across kill and restarts', measured: `${signedOut.length} answered 401`, pass: signedOut.length === 0 },
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
