import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addHours, addSeconds } from 'date-fns';
import { webhookSecretOf } from '../../db/repositories/webhooks';
import { bookSlot, insertSlot, insertSlots } from '../../db/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../db/testing/test-databases';
import { hashPassword } from '../../server/auth/passwords';
import { insertBookableScreener } from '../../server/testing/booking-requests';
import { type SmtpCapture, startSmtpCapture } from '../../server/testing/smtp-capture';
import { productionEnv } from '../../server/testing/production-env';
import { freePort } from '../../server/testing/spawn-server';
import { startWebhookReceiver } from '../../server/testing/webhook-receiver';
import { frontPorts, frontPublicUrl, startHaproxy } from './haproxy';
import { type MindaProcess, startMindaProcess } from './minda-process';
import type { FrontClient, LoadPlan, OperatorLogin } from './mixed-load';

export const PROCESSES = 3;
export const REMINDERS = 30;
export const HOLDS = 20;
const SLOTS = 600;
const OPERATORS = 2;
const OPERATOR_PASSWORD = 'mixed-load operator password';

/** What one process says of its memory on /metrics (prom-client's default metrics), in bytes. */
export interface ProcessMemory {
  rss: number;
  heapUsed: number;
}

/** A gauge's value in Prometheus's text format. */
function gauge(text: string, name: string): number {
  const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
  if (value === undefined) throw new Error(`/metrics has no ${name}`);
  return Number(value);
}

/**
 * What a run starts with: a clinic taking bookings with a webhook, reminders due, holds about
 * to lapse, and clinics whose operators sign in with a password (hashed as registration does).
 */
async function seed(database: TestDatabase, webhookUrl: string, now: Date) {
  const db = database.db;
  const clinic = await insertBookableScreener(db, { minimumAdvanceHours: 0 }, { autoConfirmRequests: true });
  await webhookSecretOf(db, clinic.userId, `whsec_${randomBytes(16).toString('hex')}`);
  await db.insertInto('webhook_endpoints').values({ id: crypto.randomUUID(), user_id: clinic.userId, url: webhookUrl, created_at: now }).execute();
  const slotIds = await insertSlots(db, clinic.psychologistId, Array.from({ length: SLOTS }, (_, n) => addHours(now, 48 + n)));
  const quiet = await insertBookableScreener(db);
  const standing = async (startsAt: Date, status: string, holdExpiresAt: Date | null) => {
    const id = await bookSlot(db, { userId: quiet.userId, psychologistId: quiet.psychologistId, slotId: await insertSlot(db, quiet.psychologistId, startsAt) });
    await db.updateTable('appointments').set({ status, hold_expires_at: holdExpiresAt }).where('id', '=', id).execute();
  };
  for (let n = 0; n < REMINDERS; n++) await standing(addSeconds(addHours(now, 23), (n * 3600) / REMINDERS), 'confirmed', null);
  for (let n = 0; n < HOLDS; n++) await standing(addHours(now, 100 + n), 'held', addSeconds(now, 5));
  const passwordHash = await hashPassword(OPERATOR_PASSWORD);
  const operators: OperatorLogin[] = [];
  for (let n = 0; n < OPERATORS; n++) {
    const operated = await insertBookableScreener(db);
    await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', operated.userId).execute();
    operators.push({ username: operated.username, password: OPERATOR_PASSWORD, psychologistId: operated.psychologistId });
  }
  return { clinic, slotIds, quietUserId: quiet.userId, operators };
}

export interface ProductionFront {
  /** The front's https address and how this machine reaches it. */
  client: FrontClient;
  database: TestDatabase;
  smtp: SmtpCapture;
  receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  /** The load's targets, for `visitors` concurrent visitors. */
  plan: (visitors: number) => LoadPlan;
  clinicUserId: string;
  quietUserId: string;
  /** Each process's memory now, read from its /metrics as a scraper would. */
  memory: () => Promise<ProcessMemory[]>;
  /** SIGKILL or SIGTERM process `n`, and start it again on its port. */
  restart: (n: number, signal: 'SIGTERM' | 'SIGKILL') => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The production front of issue 17: HAProxy (Debian's package) running deploy/haproxy.cfg over three
 * `node dist/server/main.js` processes on one fresh MariaDB database, with an SMTP sink and a
 * webhook receiver, seeded for the mixed load. Needs `npm run build`.
 */
export async function startProductionFront(): Promise<ProductionFront> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-front-'));
  const database = await createTestDatabase('mysql');
  const smtp = await startSmtpCapture();
  let secret = '';
  const receiver = await startWebhookReceiver(() => secret);
  const front = await frontPorts();
  const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
  const metricsToken = randomBytes(16).toString('hex');
  const env = productionEnv({
    DATABASE_URL: database.url,
    // The links in mails and the origin the CSRF check expects: the front's https address.
    PUBLIC_URL: frontPublicUrl(front),
    // HAProxy, and the load behind it on 127.0.0.1, are trusted: the address the load plays in
    // X-Forwarded-For is the visitor's (mixed-load.ts).
    TRUST_PROXY: '2',
    SMTP_URL: smtp.url,
    FREE_BOOKINGS: '1000000',
    LOG_LEVEL: 'warn',
    VAR_DIR: dir,
    SHUTDOWN_DRAIN_MS: '2000',
    // The webhook receiver listens on loopback, which production refuses unless allowed.
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1',
    METRICS_TOKEN: metricsToken,
  });
  const seeded = await seed(database, receiver.url, new Date());
  secret = (await database.db.selectFrom('users').select('webhook_secret').where('id', '=', seeded.clinic.userId).executeTakeFirstOrThrow()).webhook_secret!;
  const processes: MindaProcess[] = await Promise.all(ports.map((port) => startMindaProcess(port, env)));
  const haproxy = await startHaproxy(dir, { ports: front, serverPorts: ports, log: process.env.FRONT_LOG === '1' });
  return {
    client: { url: haproxy.publicUrl, fetch: haproxy.fetch },
    database,
    smtp,
    receiver,
    plan: (visitors) => ({ clinic: { slug: seeded.clinic.slug, psychologistId: seeded.clinic.psychologistId, slotIds: seeded.slotIds }, operators: seeded.operators, visitors }),
    clinicUserId: seeded.clinic.userId,
    quietUserId: seeded.quietUserId,
    memory: () =>
      Promise.all(
        ports.map(async (port) => {
          const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
          if (!response.ok) throw new Error(`/metrics of the process on ${port} answered ${response.status}`);
          const text = await response.text();
          return { rss: gauge(text, 'process_resident_memory_bytes'), heapUsed: gauge(text, 'nodejs_heap_size_used_bytes') };
        }),
      ),
    restart: async (n, signal) => {
      await processes[n]!.stop(signal);
      processes[n] = await startMindaProcess(ports[n]!, env);
    },
    stop: async () => {
      await haproxy.stop();
      await Promise.all(processes.map((process) => process.stop('SIGTERM')));
      await receiver.stop();
      await smtp.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
