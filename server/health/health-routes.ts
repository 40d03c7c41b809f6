import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations } from '../../db/migrate';
import type { AppServices } from '../context';

/** Set on SIGTERM (server/main.ts): from then on the process reports not ready. */
export interface Readiness {
  stopping: boolean;
}

/**
 * /healthz: the process answers and reaches its database (for restarts).
 * /readyz: it should get traffic (for the load balancer): the database answers, every migration
 * this build knows has run, and it is not stopping. Once the migrations were found current they
 * stay so for this process, so later checks cost one `select 1`.
 */
export function registerHealthRoutes(app: FastifyInstance, services: Pick<AppServices, 'db' | 'dialect' | 'log'>, readiness: Readiness): void {
  let migrationsCurrent = false;

  app.get('/healthz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(services.db);
      return { status: 'ok', database: services.dialect };
    } catch (error) {
      services.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable', error: 'The database is not reachable' });
    }
  });

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.stopping) return reply.code(503).send({ status: 'stopping' });
    try {
      await sql`select 1`.execute(services.db);
      if (!migrationsCurrent) {
        const pending = await pendingMigrations(services.db);
        if (pending.length > 0) return reply.code(503).send({ status: 'migrating', pending });
        migrationsCurrent = true;
      }
      return { status: 'ready' };
    } catch (error) {
      services.log.error({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', error: 'The database is not reachable' });
    }
  });
}
