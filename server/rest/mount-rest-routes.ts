import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppServices, createRequestContext } from '../context';
import { createCaller } from '../trpc/root';
import { toRestError } from './rest-errors';
import { REST_ROUTES, type RestRoute } from './routes';

type Procedure = (input: unknown) => Promise<unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Path parameters win over body or query fields of the same name. */
function inputOf(route: RestRoute, req: FastifyRequest): unknown {
  const params = req.params as Record<string, string>;
  const carrier = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
  if (carrier === undefined || carrier === null) return { ...params };
  if (!isPlainObject(carrier)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object' });
  }
  return { ...carrier, ...params };
}

/**
 * Registers SPEC section 7's REST routes. Each one calls its tRPC procedure through a
 * server-side caller, so validation, authorisation and behaviour are the procedure's own.
 */
export function mountRestRoutes(app: FastifyInstance, services: AppServices): void {
  for (const route of REST_ROUTES) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        try {
          const caller = createCaller(createRequestContext(services, req, reply));
          const procedure = route.procedure
            .split('.')
            .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as Procedure;
          const result = await procedure(inputOf(route, req));
          return reply.code(route.successStatus ?? 200).send(result ?? { ok: true });
        } catch (error) {
          const { status, body } = toRestError(error);
          return reply.code(status).send(body);
        }
      },
    });
  }
}
