import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Lease } from '../../db/leases';
import { OUTBOX_LEASE_MS } from '../mail/outbox-worker';
import { LONGEST_ATTEMPT_MS } from '../mail/transport';
import { WEBHOOK_LEASE_MS } from '../webhooks/deliver-webhooks';
import { type LeasedWork, workLeasedBatches } from './leased-batches';

/** A queue of `count` due rows in memory, leased as the database would lease them, and what was done to them. */
function queueOf(count: number, overrides: Partial<LeasedWork<{ id: string }>> = {}) {
  const due = Array.from({ length: count }, (_, n) => ({ id: `row-${n}` }));
  const leases: Lease[] = [];
  const attempted: string[] = [];
  const released: string[] = [];
  const work: LeasedWork<{ id: string }> = {
    now: () => new Date(),
    leaseMs: 60_000,
    longestAttemptMs: 30_000,
    batchSize: 10,
    inFlight: 3,
    maxBatches: 100,
    lease: async (lease) => {
      leases.push(lease);
      return due.splice(0, lease.limit);
    },
    attempt: async (row) => {
      attempted.push(row.id);
    },
    release: async (_owner, ids) => {
      released.push(...ids);
    },
    ...overrides,
  };
  return { work, leases, attempted, released };
}

describe('workLeasedBatches', () => {
  it('leases batch after batch while they come back full, each under a new owner, and stops at the first short one', async () => {
    const queue = queueOf(23);
    await workLeasedBatches(queue.work);
    expect(queue.leases).toHaveLength(3);
    expect(new Set(queue.leases.map((lease) => lease.owner)).size).toBe(3);
    expect(queue.attempted).toHaveLength(23);
    expect(new Set(queue.attempted).size).toBe(23);
    expect(queue.released).toEqual([]);
  });

  it('leases again after a short batch only when attempts free rows, until a lease comes back empty', async () => {
    // Short batches, each made due by the one before, as a delivered webhook lets its appointment's next event go.
    const scripted = () => {
      const batches = [[{ id: 'requested' }, { id: 'test event' }], [{ id: 'confirmed' }], []];
      return async () => batches.shift() ?? [];
    };
    const freeing = queueOf(0, { attemptsFreeRows: true, lease: scripted() });
    await workLeasedBatches(freeing.work);
    expect(freeing.attempted).toEqual(['requested', 'test event', 'confirmed']);
    const plain = queueOf(0, { lease: scripted() });
    await workLeasedBatches(plain.work);
    expect(plain.attempted).toEqual(['requested', 'test event']);
  });

  it('leases no more than maxBatches in one pass', async () => {
    const queue = queueOf(100, { maxBatches: 4 });
    await workLeasedBatches(queue.work);
    expect(queue.leases).toHaveLength(4);
    expect(queue.attempted).toHaveLength(40);
  });

  it('runs up to inFlight attempts at once, never more', async () => {
    let running = 0;
    let most = 0;
    const queue = queueOf(10, {
      inFlight: 4,
      attempt: async () => {
        most = Math.max(most, ++running);
        await sleep(5);
        running--;
      },
    });
    await workLeasedBatches(queue.work);
    expect(most).toBe(4);
  });

  it('keeps the rows’ order with one attempt in flight', async () => {
    const queue = queueOf(12, { inFlight: 1 });
    await workLeasedBatches(queue.work);
    expect(queue.attempted).toEqual(Array.from({ length: 12 }, (_, n) => `row-${n}`));
  });

  it('starts no attempt that could end after its lease, releases the rows it did not try, and ends the pass', async () => {
    let clock = Date.now();
    const queue = queueOf(30, { now: () => new Date(clock), inFlight: 1 });
    queue.work.attempt = async (row) => {
      queue.attempted.push(row.id);
      // Each attempt takes 11 s: from the fourth on, one could end past the lease (60 s, attempts up to 30 s).
      clock += 11_000;
    };
    await workLeasedBatches(queue.work);
    expect(queue.attempted).toEqual(['row-0', 'row-1', 'row-2']);
    expect(queue.released).toEqual(['row-3', 'row-4', 'row-5', 'row-6', 'row-7', 'row-8', 'row-9']);
    expect(queue.leases).toHaveLength(1);
    expect(queue.leases[0]!.lockedUntil.getTime() - queue.leases[0]!.now.getTime()).toBe(60_000);
  });

  it('stops leasing and attempting once stopping aborts, and releases what it leased and did not try', async () => {
    const stopping = new AbortController();
    const queue = queueOf(30, { inFlight: 1 });
    queue.work.attempt = async (row) => {
      queue.attempted.push(row.id);
      if (queue.attempted.length === 4) stopping.abort();
    };
    await workLeasedBatches(queue.work, stopping.signal);
    expect(queue.attempted).toHaveLength(4);
    expect(queue.released).toHaveLength(6);
    expect(queue.leases).toHaveLength(1);
  });

  it('lets the other attempts finish, releases nothing it tried, and then fails the pass when an attempt fails', async () => {
    const queue = queueOf(10, { inFlight: 2 });
    queue.work.attempt = async (row) => {
      queue.attempted.push(row.id);
      if (row.id === 'row-1') throw new Error('database away');
    };
    await expect(workLeasedBatches(queue.work)).rejects.toThrow('database away');
    expect(queue.released).not.toContain('row-1');
    expect(queue.attempted.length + queue.released.length).toBe(10);
  });

  it('refuses a lease that cannot hold one whole attempt', async () => {
    const queue = queueOf(5, { leaseMs: 30_000, longestAttemptMs: 30_000 });
    await expect(workLeasedBatches(queue.work)).rejects.toThrow(/cannot hold/);
    expect(queue.leases).toEqual([]);
  });

  it('leases mail and webhooks for at most a minute, longer than their longest attempt', () => {
    expect(OUTBOX_LEASE_MS).toBeGreaterThan(LONGEST_ATTEMPT_MS);
    expect(OUTBOX_LEASE_MS).toBeLessThanOrEqual(60_000);
    expect(WEBHOOK_LEASE_MS).toBeLessThanOrEqual(60_000);
  });
});
