import { callTRPCProcedure } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppServices, createRequestContext } from '../context';
import { sendCachedAnswer } from '../configuration/send-cached-answer';
import { AppError, restErrorAnswer } from '../errors';
import { requestLocale } from '../request-locale';
import { appRouter, listProcedures } from '../trpc/root';
import { REST_ROUTES, type RestRoute } from './routes';

/** What Fastify sends objects as, so a kept answer reads like a fresh one. */
const JSON_TYPE = 'application/json; charset=utf-8';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Path parameters win over body or query fields of the same name. */
function inputOf(route: RestRoute, req: FastifyRequest): unknown {
  const params = Object.fromEntries(
    Object.entries(req.params as Record<string, string>).map(([name, value]) => [route.pathFields?.[name] ?? name, value]),
  );
  const carrier = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
  if (carrier === undefined || carrier === null) return { ...params };
  if (!isPlainObject(carrier)) {
    throw new AppError('BAD_REQUEST', (t) => t.errors.bodyNotObject());
  }
  return { ...carrier, ...params };
}

/**
 * Registers the REST routes of server/rest/routes.ts. Each one calls its tRPC procedure, so validation,
 * authorisation and behaviour are the procedure's own. It is called as tRPC's server-side
 * caller calls it, minus the caller's proxy, which cost a tenth of a cached answer.
 */
export function mountRestRoutes(app: FastifyInstance, services: AppServices): void {
  const procedures = new Map(listProcedures().map((procedure) => [procedure.path, procedure]));
  for (const route of REST_ROUTES) {
    const { type, cachedWithConfigurations } = procedures.get(route.procedure)!;
    app.route({
      method: route.method,
      url: route.path,
      // Kept answers are kept compressed (sendCachedAnswer).
      compress: cachedWithConfigurations ? false : undefined,
      handler: async (req, reply) => {
        try {
          const call = (): Promise<unknown> => {
            // Read before the procedure runs: a body that is no object is a 400, signed in or not.
            const input = inputOf(route, req);
            return callTRPCProcedure({
              router: appRouter,
              path: route.procedure,
              type,
              ctx: createRequestContext(services, req, reply),
              getRawInput: async () => input,
              signal: undefined,
              batchIndex: 0,
            });
          };
          if (cachedWithConfigurations) {
            return await sendCachedAnswer(services.db, req, reply, `${req.method} ${req.url}`, async () => ({
              status: 200,
              headers: { 'content-type': JSON_TYPE },
              body: JSON.stringify(await call()),
            }));
          }
          const result = await call();
          return reply.code(route.successStatus ?? 200).send(result ?? { ok: true });
        } catch (error) {
          const { status, body } = restErrorAnswer(error, requestLocale(req.headers));
          return reply.code(status).send(body);
        }
      },
    });
  }
}
