import pino from 'pino';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { DEMO_OPERATOR, seedDemo } from '../db/seed-demo';
import { buildApp } from './app';
import { hashPassword } from './auth/passwords';
import { EnvError, loadEnv } from './env';
import { loggerOptions } from './logger';

async function main(): Promise<void> {
  const env = loadEnv();
  const log = pino(loggerOptions(env.logLevel));
  const { db, dialect } = connectDatabase(env.databaseUrl);
  await migrateToLatest(db);
  if (env.seedDemo && (await seedDemo(db, await hashPassword(DEMO_OPERATOR.password), new Date()))) {
    log.info({ username: DEMO_OPERATOR.username }, 'seeded the demo operator');
  }
  const app = await buildApp({ env, db, dialect, log, now: () => new Date() }, { clientDir: 'dist/client' });
  const close = async () => {
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
