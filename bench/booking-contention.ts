import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createTestDatabase, TEST_DIALECTS } from '../db/testing/test-databases';
import { type RunningServer, startBuiltServer } from '../e2e/support/server';
import type { ProofOfWork } from '../server/booking-challenge/booking-challenge.types';
import { fetchProofOfWork } from '../server/testing/booking-challenge-solver';
import { DEMO_SLUG, demoFreeSlots } from './support/demo-screener';
import { type Figure, formatMs, runWhenMain } from './support/figures';

const SLOTS = 50;
const ATTEMPTS_PER_SLOT = 10;
/** The contended burst's p99 may be at most this many times the validation burst's (issue 17). */
const MAX_RATIO_TO_VALIDATION = 2;
/** Not a Malaysian number: the booking schema refuses it before the procedure runs. */
const INVALID_PHONE = '12345';
const ATTEMPT_TIMEOUT_MS = 30_000;

/**
 * Each attempt poses as its own visitor behind a proxy, so the per-address booking limit
 * (20 per 10 minutes) does not turn the contention into rate limiting; the free-booking
 * limit is lifted for the same reason, and the clinic confirms bookings itself, at once, so
 * they are not holds or requests, which each client may have only a few of. Every attempt
 * carries its own proof of work, solved before the clock starts at the cheapest cost: this
 * measures the booking's locks, bench/booking-challenge.ts the challenge.
 */
const SERVER_ENV = {
  TRUST_PROXY: '127.0.0.1',
  FREE_BOOKINGS: '100000',
  SEED_DEMO: 'true',
  BOOKING_CHALLENGE_COST: '1',
  // One deployment's two processes share the secret: a challenge one signs, the other checks.
  SESSION_SECRET: randomBytes(32).toString('base64'),
};
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface Attempt {
  status: number;
  ms: number;
}

async function book(
  server: RunningServer,
  slot: { psychologistId: string; slotId: string },
  visitor: number,
  proofOfWork: ProofOfWork,
  clientPhone = '0123456789',
): Promise<Attempt> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/public/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress(visitor) },
    body: JSON.stringify({
      slug: DEMO_SLUG,
      ...slot,
      clientName: `Visitor ${visitor}`,
      clientEmail: `visitor${visitor}@example.com`,
      clientPhone,
      clientTimezone: 'Asia/Kuala_Lumpur',
      proofOfWork,
    }),
    signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** `count` proofs, solved a few at a time before a burst: the burst measures the booking alone. */
async function solvedInTurn(count: number, solve: () => Promise<ProofOfWork>): Promise<ProofOfWork[]> {
  const proofs: ProofOfWork[] = [];
  while (proofs.length < count) proofs.push(...(await Promise.all(Array.from({ length: Math.min(20, count - proofs.length) }, solve))));
  return proofs;
}

function percentile(attempts: readonly Attempt[], p: number): number {
  const sorted = attempts.map((attempt) => attempt.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const latencies = (attempts: readonly Attempt[]) => `p50 ${formatMs(percentile(attempts, 50))}, p99 ${formatMs(percentile(attempts, 99))}`;

/**
 * 500 simultaneous attempts on 50 slots, sent alternately to two server processes sharing
 * one MySQL database. Baselines: 50 bookings of other slots, one at a time, and the same burst
 * of 500 with a phone number the schema refuses, which costs HTTP and validation only: the
 * floor this machine sets on any burst of 500 requests. The ratio is against that floor.
 */
export async function benchmarkBookingContention(): Promise<Figure[]> {
  if (!TEST_DIALECTS.includes('mysql')) throw new Error('Booking contention needs MySQL (MYSQL_TEST_URL)');
  const database = await createTestDatabase('mysql');
  const servers: RunningServer[] = [];
  try {
    // One after the other: the first seeds the demo, the second finds it there.
    for (let i = 0; i < 2; i += 1) servers.push(await startBuiltServer({ ...SERVER_ENV, DATABASE_URL: database.url }));
    // The demo is the database's only clinic; bookings read these settings as they run.
    await database.db.updateTable('users').set({ confirm_visitor_email: false, auto_confirm_requests: true }).execute();
    const free = await demoFreeSlots(servers[0]!.url);
    if (free.length < 2 * SLOTS) throw new Error(`The demo has ${free.length} free slots; ${2 * SLOTS} are needed`);
    const contested = free.slice(0, SLOTS);

    const uncontended: Attempt[] = [];
    for (const [i, slot] of free.slice(SLOTS, 2 * SLOTS).entries()) {
      uncontended.push(await book(servers[i % 2]!, slot, i, await fetchProofOfWork(servers[0]!.url, DEMO_SLUG)));
    }
    const burst = async (phone?: string) => {
      const proofs = await solvedInTurn(SLOTS * ATTEMPTS_PER_SLOT, () => fetchProofOfWork(servers[0]!.url, DEMO_SLUG));
      return Promise.all(proofs.map((proof, i) => book(servers[i % 2]!, contested[i % SLOTS]!, SLOTS + i, proof, phone)));
    };
    // The floor: the same burst refused by validation (400), before any database work.
    const refusedByValidation = await burst(INVALID_PHONE);
    const attempts = await burst();

    const booked = attempts.filter((attempt) => attempt.status === 201).length;
    const refused = attempts.filter((attempt) => attempt.status === 409).length;
    const doubles = await database.db
      .selectFrom('appointments')
      .select('slot_id')
      .where('status', '=', 'booked')
      .groupBy('slot_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    /** What was neither booked nor refused as taken, by status: a figure that is not the target should say what it was. */
    const othersOf = (all: Attempt[]) => {
      const others = all.filter((attempt) => attempt.status !== 201 && attempt.status !== 409);
      const counts = new Map<number, number>();
      for (const { status } of others) counts.set(status, (counts.get(status) ?? 0) + 1);
      return `${others.length} other${others.length ? ` (${[...counts].map(([status, count]) => `${count} × ${status}`).join(', ')})` : ''}`;
    };
    const ratio = percentile(attempts, 99) / percentile(refusedByValidation, 99);
    return [
      {
        benchmark: `booking contention: ${attempts.length} attempts on ${SLOTS} slots, 2 processes, MySQL`,
        figure: `${booked} booked, ${doubles.length} doubles, ${refused} × 409, ${othersOf(attempts)}`,
        baseline: `${uncontended.filter((attempt) => attempt.status === 201).length} of ${SLOTS} booked one at a time`,
        target: `exactly ${SLOTS} booked, 0 doubles, rest 409`,
        met: booked === SLOTS && doubles.length === 0 && refused === attempts.length - SLOTS,
      },
      {
        benchmark: 'booking contention latency',
        figure: latencies(attempts),
        baseline: `${latencies(uncontended)} one at a time; ${latencies(refusedByValidation)} for the same burst refused by validation (${refusedByValidation.filter((attempt) => attempt.status === 400).length} × 400)`,
        ratio,
        target: `p99 ≤ ${MAX_RATIO_TO_VALIDATION} × the validation burst's p99`,
        met: ratio <= MAX_RATIO_TO_VALIDATION,
      },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

runWhenMain(import.meta.url, benchmarkBookingContention);
