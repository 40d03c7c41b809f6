import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { outboxBacklog } from '../../db/repositories/email-outbox';
import { webhookBacklog } from '../../db/repositories/webhooks';
import type { Database } from '../../db/schema';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { AppError, FieldProblem, NotFoundError } from '../errors';

/** What a booking attempt came to: the appointment's first status, or why it was refused. */
export type BookingOutcome = AppointmentStatus | 'conflict' | 'not_found' | 'too_many' | 'invalid' | 'failed';

/** The outcome label of a refused booking: taken or outside the window, unknown, over a limit, … */
export function refusalOutcome(error: unknown): BookingOutcome {
  if (error instanceof FieldProblem) return 'invalid';
  if (error instanceof NotFoundError) return 'not_found';
  if (error instanceof AppError && error.code === 'CONFLICT') return 'conflict';
  if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return 'too_many';
  return 'failed';
}

/**
 * This process's metrics in Prometheus' format (prom-client), one registry per app so tests do
 * not share counters. Counters and histograms are per process (sum them across processes);
 * the outbox and webhook gauges read the shared database at each scrape (take their max, not their sum).
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route'>;
  bookings: Counter<'outcome'>;
  /** From the moment a reminder fell due to the moment it was queued. */
  reminderLagSeconds: Histogram;
  webhookFailures: Counter;
}

/**
 * A queue's two gauges, `<name>_pending` and `<name>_<age>`: how many rows wait and for how long
 * the oldest has. They read the shared database at a scrape, once for both.
 */
function backlogGauges(
  registers: Registry[],
  queue: { name: string; pending: string; age: [suffix: string, help: string]; read: () => Promise<{ pending: number; since: Date | null }>; now: () => Date },
): void {
  let backlog: ReturnType<typeof queue.read> | undefined;
  const readBacklog = () => (backlog ??= queue.read().finally(() => (backlog = undefined)));
  new Gauge({
    name: `${queue.name}_pending`,
    help: queue.pending,
    registers,
    async collect() {
      this.set((await readBacklog()).pending);
    },
  });
  new Gauge({
    name: `${queue.name}_${queue.age[0]}`,
    help: queue.age[1],
    registers,
    async collect() {
      const { since } = await readBacklog();
      this.set(since === null ? 0 : Math.max(0, (queue.now().getTime() - since.getTime()) / 1000));
    },
  });
}

const GAUGES_NAMED_AS_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

export function createMetrics(db: Kysely<Database>, now: () => Date = () => new Date()): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // Node's and the process's own metrics keep their standard names (process_*, nodejs_*), which
  // stock dashboards and alerts query; only what Minda itself measures is named minda_*.
  collectDefaultMetrics({ register: registry });
  // Except three gauges prom-client names like counters, which `promtool check metrics` flags:
  // each is the sum of its by-type gauge (`sum(nodejs_active_handles)`), which stays.
  for (const name of GAUGES_NAMED_AS_COUNTERS) registry.removeSingleMetric(name);
  backlogGauges(registers, {
    name: 'minda_outbox',
    pending: 'E-mails waiting in the outbox (shared database: take the max across processes)',
    age: ['oldest_due_age_seconds', 'How long the oldest due e-mail has been waiting; 0 when none is due'],
    read: async () => {
      const { pending, oldestDueAt } = await outboxBacklog(db, now());
      return { pending, since: oldestDueAt };
    },
    now,
  });
  backlogGauges(registers, {
    name: 'minda_webhook',
    pending: 'Webhook deliveries waiting, retried ones included (shared database: take the max across processes)',
    age: ['oldest_pending_age_seconds', 'How long ago the oldest waiting webhook delivery was queued; 0 when none waits'],
    read: async () => {
      const { pending, oldestAt } = await webhookBacklog(db);
      return { pending, since: oldestAt };
    },
    now,
  });
  return {
    registry,
    requests: new Counter({ name: 'minda_http_requests_total', help: 'HTTP requests answered, by route and status', labelNames: ['method', 'route', 'status'], registers }),
    requestSeconds: new Histogram({
      name: 'minda_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    bookings: new Counter({ name: 'minda_bookings_total', help: 'Booking attempts by outcome', labelNames: ['outcome'], registers }),
    reminderLagSeconds: new Histogram({
      name: 'minda_reminder_lag_seconds',
      help: 'From the moment a reminder fell due to the moment it was queued',
      buckets: [1, 5, 15, 30, 60, 120, 300, 900, 3600],
      registers,
    }),
    webhookFailures: new Counter({ name: 'minda_webhook_failures_total', help: 'Webhook delivery attempts that failed (retried later)', registers }),
  };
}
