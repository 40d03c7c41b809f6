import { randomUUID } from 'node:crypto';
import type { Lease } from '../../db/leases';

/** How a delivery job (the e-mail outbox, webhooks) works off its leased rows. */
export interface LeasedWork<Row extends { id: string }> {
  now: () => Date;
  /**
   * How long a batch is leased. A process killed mid-batch leaves its rows to the others after
   * this long, so it is kept short; it must be longer than one attempt.
   */
  leaseMs: number;
  /** The longest one attempt can take: none starts that could still run when its lease ends. */
  longestAttemptMs: number;
  batchSize: number;
  /** Attempts running at once; 1 keeps the rows' order. */
  inFlight: number;
  /** A pass goes on leasing while batches come back full, up to this many. */
  maxBatches: number;
  /**
   * An attempt can make other rows due (a webhook's later event waits for the earlier one's 2xx):
   * then a pass leases again after any batch that was not empty, not only after a full one.
   */
  attemptsFreeRows?: true;
  /** Leases up to `lease.limit` due rows to `lease.owner` and answers them. */
  lease: (lease: Lease) => Promise<Row[]>;
  /** Tries one row and records the outcome, which ends its lease. */
  attempt: (row: Row) => Promise<void>;
  /** Ends the lease of rows that were leased and not attempted (db/leases.ts, releaseLeases). */
  release: (owner: string, ids: string[]) => Promise<void>;
}

/**
 * One pass of a delivery job: leases a batch, attempts its rows `inFlight` at a time, and leases
 * the next batch while they come back full (or not empty, with `attemptsFreeRows`). It starts no attempt that could outlast the batch's
 * lease, so no other process can take a row while it is being tried; and none once `stopping`
 * aborts (a shutdown). The rows left unattempted are released at once and the pass ends.
 */
export async function workLeasedBatches<Row extends { id: string }>(work: LeasedWork<Row>, stopping?: AbortSignal): Promise<void> {
  if (work.longestAttemptMs >= work.leaseMs) throw new Error(`A lease of ${work.leaseMs} ms cannot hold an attempt of up to ${work.longestAttemptMs} ms`);
  for (let batch = 0; batch < work.maxBatches && !stopping?.aborted; batch++) {
    const now = work.now();
    const lease = { owner: randomUUID(), now, lockedUntil: new Date(now.getTime() + work.leaseMs), limit: work.batchSize };
    const rows = await work.lease(lease);
    let next = 0;
    const mayStart = () => !stopping?.aborted && work.now().getTime() + work.longestAttemptMs <= lease.lockedUntil.getTime();
    const attemptInTurn = async () => {
      while (next < rows.length && mayStart()) await work.attempt(rows[next++]!);
    };
    const attempts = await Promise.allSettled(Array.from({ length: work.inFlight }, attemptInTurn));
    const unattempted = rows.slice(next);
    await work.release(lease.owner, unattempted.map((row) => row.id));
    const failure = attempts.find((attempt) => attempt.status === 'rejected');
    if (failure) throw failure.reason;
    const mayBeMore = rows.length === work.batchSize || (work.attemptsFreeRows && rows.length > 0);
    if (unattempted.length > 0 || !mayBeMore) return;
  }
}
