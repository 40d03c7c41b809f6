import { setTimeout as sleep } from 'node:timers/promises';
import type { TestDatabase } from '../../db/testing/test-databases';
import { SMTP_CONNECTIONS } from '../../server/mail/transport';
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
/**
 * How near the SIGKILL a mail or webhook the killed process was still delivering may have reached
 * its receiver: accepted there, not yet marked delivered in the database. The mark takes
 * milliseconds, and so do the signal and the exit; a loaded machine stretches both, so a
 * generous bound either side.
 */
const IN_FLIGHT_MS = 2_000;

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
  let killedAt = 0;
  const plan = front.plan(VISITORS);
  const load = startMixedLoad(front.client, plan, () => phase);
  try {
    await sleep(seconds * 200);
    phase = 'kill';
    killedAt = Date.now();
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
      killedAt,
    });
    return { load: summarise(load.samples, seconds), checks, pass: checks.every((check) => check.pass) };
  } finally {
    await front.stop();
  }
}

/** Waits until the outboxes are empty, then compares what the clients, the database, the sink and the receiver saw. */
async function checkOutcomes(
  database: TestDatabase,
  seen: {
    samples: Sample<Phase>[];
    clients: number;
    smtp: { raw: string; receivedAt: number }[];
    webhooks: { headers: Record<string, unknown>; receivedAt: number }[];
    clinicUserId: string;
    quietUserId: string;
    killedAt: number;
  },
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
  const stored = await db.selectFrom('appointments').select(['id', 'slot_id', 'client_email']).where('user_id', '=', seen.clinicUserId).execute();
  const storedIds = new Set(stored.map((row) => row.id));
  const lost = booked.filter((id) => !storedIds.has(id)).length;
  const doubledSlots = stored.length - new Set(stored.map((row) => row.slot_id)).size;
  // A booking the killed process committed but could not answer: its visitor saw the 502 of a
  // request in flight, and learns of the booking from its mail, which the outbox still sends (a
  // retry is refused as taken). Any other booking nobody was told of is a bug.
  const bookedAt = new Set(booked);
  const failedAtKill = new Set(killFailures.flatMap((sample) => (sample.clientEmail ? [sample.clientEmail] : [])));
  const unanswered = stored.filter((row) => !bookedAt.has(row.id));
  const committedAtKill = unanswered.filter((row) => failedAtKill.has(row.client_email)).length;
  const untold = unanswered.length - committedAtKill;

  const mails = copies(
    seen.smtp.map((mail) => ({ id: /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1] ?? '', receivedAt: mail.receivedAt })),
    seen.killedAt,
  );
  const sent = await db.selectFrom('email_outbox').select('id').where('status', '=', 'sent').execute();
  // Still pending after the wait: the outbox's backlog, or mails the killed process had leased,
  // which wait for their lease to lapse.
  const pendingMail = await db.selectFrom('email_outbox').select('id').where('status', '=', 'pending').execute();
  const reminders = await db.selectFrom('appointment_reminders').select('appointment_id').execute();
  const events = copies(
    seen.webhooks.map((event) => ({ id: String(event.headers['minda-event-id']), receivedAt: event.receivedAt })),
    seen.killedAt,
  );
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
    {
      requirement: 'appointments lost / doubled',
      measured: `${lost} / ${doubledSlots} of ${booked.length}, ${untold} made unanswered, ${committedAtKill} committed as the process was killed`,
      pass: lost === 0 && doubledSlots === 0 && untold === 0,
    },
    {
      requirement: 'mails sent exactly once, but those in flight on the killed process',
      measured: `${mails.received} received, ${sent.length} marked sent, ${describeRepeats(mails)}, ${pendingMail.length} still waiting`,
      pass: mails.distinct === sent.length && mails.repeatedElsewhen === 0 && mails.repeatedAtKill <= SMTP_CONNECTIONS && pendingMail.length === 0,
    },
    { requirement: 'reminders queued exactly once', measured: `${reminders.length} of ${REMINDERS}`, pass: reminders.length === REMINDERS },
    {
      requirement: 'webhooks delivered exactly once, but those in flight on the killed process',
      measured: `${events.received} received, ${delivered.length} delivered, ${describeRepeats(events)}`,
      // One delivery at a time per process keeps each clinic's events in order.
      pass: events.distinct === delivered.length && events.repeatedElsewhen === 0 && events.repeatedAtKill <= 1,
    },
    { requirement: 'holds expired within a minute', measured: `${lateness.length} of ${HOLDS}, latest ${latest.toFixed(1)} s after expiry`, pass: stillHeld.length === 0 && latest <= 60 },
  ];
}

/**
 * What a receiver got, by delivery id: how many deliveries, how many distinct, and those that
 * came twice, split by when the first copy came. Across a SIGKILL delivery is at least once:
 * what the killed process had handed over but not yet marked goes out again once its lease
 * lapses, with the same id for the receiver to drop (decision 0036). Any other repeat is a bug.
 */
function copies(received: readonly { id: string; receivedAt: number }[], killedAt: number) {
  const firstAt = new Map<string, number>();
  const repeats: { firstAt: number; againAt: number }[] = [];
  for (const { id, receivedAt } of received) {
    const first = firstAt.get(id);
    if (first === undefined) firstAt.set(id, receivedAt);
    else repeats.push({ firstAt: first, againAt: receivedAt });
  }
  const atKill = repeats.filter((repeat) => Math.abs(repeat.firstAt - killedAt) <= IN_FLIGHT_MS);
  // When each other repeat came, from the kill, so a failed run says where to look.
  const elsewhen = repeats.filter((repeat) => !atKill.includes(repeat)).map((repeat) => `first ${((repeat.firstAt - killedAt) / 1000).toFixed(1)} s from the kill, again ${((repeat.againAt - repeat.firstAt) / 1000).toFixed(1)} s later`);
  return { received: received.length, distinct: firstAt.size, repeatedAtKill: atKill.length, repeatedElsewhen: elsewhen.length, elsewhen };
}

const describeRepeats = (seen: ReturnType<typeof copies>) =>
  `${seen.repeatedAtKill} again after the kill, ${seen.repeatedElsewhen} twice otherwise${seen.elsewhen.length > 0 ? ` (${seen.elsewhen.join('; ')})` : ''}`;

/** The results as docs/deployment.md shows them ("Several processes behind HAProxy, with faults"). */
export function resultTable(result: FaultRunResult): string {
  const lines = ['| request kind | requests | per second | failed | p99 (ms) |', '|---|---|---|---|---|'];
  for (const row of result.load) lines.push(`| ${row.kind} | ${row.requests} | ${row.perSecond} | ${row.failed} | ${row.p99Ms} |`);
  lines.push('', '| requirement | measured | |', '|---|---|---|');
  for (const check of result.checks) lines.push(`| ${check.requirement} | ${check.measured} | ${check.pass ? 'pass' : 'FAIL'} |`);
  return lines.join('\n');
}
