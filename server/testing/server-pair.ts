import type { DialectName } from '../../db/connect';
import { createTestDatabase, type TestDatabase } from '../../db/testing/test-databases';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';
import { type ServerProcess, spawnServer } from './spawn-server';

export const PAIR_PUBLIC_URL = 'https://minda.test';
export const PAIR_SESSION_SECRET = 'server-pair-secret-that-is-at-least-32-characters';

export interface ServerPair {
  database: TestDatabase;
  /** Where both processes' outbox workers deliver. */
  smtp: SmtpCapture;
  servers: [ServerProcess, ServerProcess];
  /** What both processes were started with: a third, or a restarted one, takes the same. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * Two real server processes (server/main.ts) sharing one new database, as a scaled-out
 * deployment runs, with `extraEnv` on top (a fake provider's address). They trust
 * X-Forwarded-For, so each request can name its visitor's address as a proxy would.
 */
export async function startServerPair(
  dialect: DialectName,
  extraEnv: Record<string, string> = {},
  /** Writes into the database before the processes start, so that both meet it in the jobs they run at start. */
  prepare?: (database: TestDatabase) => Promise<void>,
): Promise<ServerPair> {
  const database = await createTestDatabase(dialect);
  await prepare?.(database);
  const smtp = await startSmtpCapture();
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: PAIR_PUBLIC_URL,
    SESSION_SECRET: PAIR_SESSION_SECRET,
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    ...extraEnv,
  };
  const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  return {
    database,
    smtp,
    servers: [servers[0]!, servers[1]!],
    env,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await smtp.stop();
      await database.drop();
    },
  };
}
