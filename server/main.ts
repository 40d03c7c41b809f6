import { setTimeout } from 'node:timers/promises';
import pino from 'pino';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { deleteLapsedClosedLinks } from '../db/repositories/closed-links';
import { deleteExpiredSessions } from '../db/repositories/operator-sessions';
import { deleteExpiredCounters } from '../db/repositories/rate-limit-counters';
import { deleteExpiredChallenges } from '../db/repositories/used-booking-challenges';
import { deleteExpiredReplyMarks } from '../db/repositories/whatsapp-replies';
import { deleteExpiredBookingBlocks } from '../db/repositories/booking-blocks';
import { deleteExpiredIdempotencyKeys } from '../db/repositories/idempotency-keys';
import { DEMO_OPERATOR, seedDemo } from '../db/seed-demo';
import { buildApp } from './app';
import { purgeFinishedLoginThrottles } from './auth/login-throttle';
import { queueRequestedResetLinks } from './auth/queue-reset-links';
import { hashPassword } from './auth/passwords';
import { startPolling } from './background/poll';
import { resumeStaleRefunds } from './payments/refund-payment';
import { createServices } from './create-services';
import { refuseDemoAccount } from './demo-account-guard';
import { EnvError, loadEnv } from './env';
import type { Readiness } from './health/health-routes';
import { loggerOptions } from './logger';
import { startOutboxWorker } from './mail/outbox-worker';
import { startWhatsappWorker } from './whatsapp/outbox-worker';
import { startWebhookWorker } from './webhooks/deliver-webhooks';
import { expireLapsedHolds } from './appointments/expire-holds';
import { queueDueReminders } from './appointments/queue-reminders';
import { remindOfMeasures, sendDueMeasures } from './measures/send-measures';
import { sendMeasureAlerts } from './measures/send-measure-alerts';
import { eraseExpiredVisitorData } from './visitor-data/erase-expired-visitor-data';

async function main(): Promise<void> {
  const env = loadEnv();
  const log = pino(loggerOptions(env.logLevel));
  const { db, dialect } = connectDatabase(env.databaseUrl);
  await migrateToLatest(db);
  if (env.nodeEnv === 'production') await refuseDemoAccount(db);
  if (env.seedDemo && (await seedDemo(db, await hashPassword(DEMO_OPERATOR.password), new Date()))) {
    log.info({ username: DEMO_OPERATOR.username }, 'seeded the demo operator');
  }
  const services = createServices(env, { db, dialect, log });
  const readiness: Readiness = { stopping: false };
  const app = await buildApp(services, { clientDir: 'dist/client', readiness });
  if (services.billing.mode === 'test') log.warn('Stripe keys are not set: billing runs in TEST MODE, subscriptions are activated without payment');
  if (!env.openai) log.info('OPENAI_API_KEY is not set: the built-in writer composes every insight');
  if (!env.whatsapp) log.info('WHATSAPP_* is not set: visitors are not offered WhatsApp messages');
  if (!env.smtpUrl) log.info(`SMTP_URL is not set: e-mails are written as .eml files under ${env.varDir}/outbox`);
  const billing = services.billing;
  const backgroundJobs = [
    startPolling('reset links', () => queueRequestedResetLinks(services), 1_000, log),
    startOutboxWorker(services, env.outboxIntervalMs),
    startWebhookWorker(services),
    ...(services.whatsapp ? [startWhatsappWorker({ ...services, whatsapp: services.whatsapp })] : []),
    startPolling('rate-limit purge', () => deleteExpiredCounters(db, services.now()), 15 * 60_000, log),
    startPolling('used booking challenge purge', () => deleteExpiredChallenges(db, services.now()), 15 * 60_000, log),
    startPolling('WhatsApp reply mark purge', () => deleteExpiredReplyMarks(db, services.now()), 60 * 60_000, log),
    startPolling('idempotency key purge', () => deleteExpiredIdempotencyKeys(db, services.now()), 60 * 60_000, log),
    startPolling('booking block purge', () => deleteExpiredBookingBlocks(db, services.now()), 60 * 60_000, log),
    startPolling('session purge', () => deleteExpiredSessions(db, services.now()), 15 * 60_000, log),
    startPolling('login throttle purge', () => purgeFinishedLoginThrottles(services), 15 * 60_000, log),
    // A lapsed hold is refused at once by the confirmation itself; this frees its slot for others.
    startPolling('hold expiry', () => expireLapsedHolds(services), 30_000, log),
    startPolling('reminders', (stopping) => queueDueReminders(services, stopping), 60_000, log),
    ...(billing.mode === 'stripe' ? [startPolling('stale refunds', () => resumeStaleRefunds({ ...services, stripe: billing.stripe }), 5 * 60_000, log)] : []),
    // Repeat measures and their reminders (issue 30); each goes once with any number of processes.
    startPolling('measures', (stopping) => sendDueMeasures(services, stopping), 5 * 60_000, log),
    startPolling('measure reminders', (stopping) => remindOfMeasures(services, stopping), 15 * 60_000, log),
    // A risk item answered reaches the staff within half a minute; each alert goes once (guarded updates).
    startPolling('measure alerts', (stopping) => sendMeasureAlerts(services, stopping), 30_000, log),
    // Daily, and once at every start; any number of processes may run it (guarded updates).
    startPolling('visitor data retention', () => eraseExpiredVisitorData(services), 24 * 60 * 60_000, log),
    // What a closed link said is kept for CLOSED_LINK_DAYS (docs/decisions/0042), then forgotten.
    startPolling('closed link purge', () => deleteLapsedClosedLinks(db, services.now()), 24 * 60 * 60_000, log),
  ];
  // Stopped before the database closes, so no job is cut off halfway through a write.
  app.addHook('onClose', async () => {
    await Promise.all(backgroundJobs.map((job) => job.stop()));
    services.mailTransport.close();
  });
  const close = async () => {
    // Not ready first, while still serving: the load balancer sees it and sends no new requests,
    // then close() lets the requests in flight finish (graceful drain).
    readiness.stopping = true;
    log.info({ drainMs: env.shutdownDrainMs }, 'stopping: reporting not ready, then closing');
    await setTimeout(env.shutdownDrainMs);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ port: env.port, host: env.host });
  log.info(`Minda is serving ${env.publicUrl} (${dialect})`);
}

main().catch((error: unknown) => {
  // Environment problems are the operator's to fix: say what is wrong, without a stack.
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
