import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface Throughput {
  requestsPerSecond: number;
  /** Socket errors, timeouts and non-2xx answers: the target is none. */
  failures: number;
}

const CONNECTIONS = 50;
/** Seconds of load on each side; BENCH_SECONDS=3 for trying a change, the README's figures use 10. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The sides take turns in short rounds, so a burst of other work on the machine hits both. */
const ROUNDS = 5;
/** A bound on requests per round as well as on time, whatever the machine's speed. */
const MAX_REQUESTS_PER_ROUND = 500_000;
const WARM_UP_SECONDS = 2;

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`Benchmarks load loopback addresses only, not ${host}`);
}

async function load(target: LoadTarget, seconds: number) {
  return autocannon({ ...target, connections: CONNECTIONS, duration: seconds, maxOverallRequests: MAX_REQUESTS_PER_ROUND });
}

/**
 * Successful requests per second with 50 connections over loopback, for a subject and its
 * baseline in alternating rounds after a warm-up of each (JIT, database caches).
 */
export async function compareThroughput(subject: LoadTarget, baseline: LoadTarget): Promise<Record<'measured' | 'baseline', Throughput>> {
  const sides = [subject, baseline];
  sides.forEach((side) => assertLoopback(side.url));
  for (const side of sides) await load(side, WARM_UP_SECONDS);
  const totals = sides.map(() => ({ ok: 0, seconds: 0, failures: 0 }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, side] of sides.entries()) {
      const result = await load(side, SECONDS / ROUNDS);
      totals[i]!.ok += result['2xx'];
      totals[i]!.seconds += result.duration;
      totals[i]!.failures += result.errors + result.timeouts + result.non2xx;
    }
  }
  const [measured, base] = totals.map((total) => ({ requestsPerSecond: total.ok / total.seconds, failures: total.failures }));
  return { measured: measured!, baseline: base! };
}
