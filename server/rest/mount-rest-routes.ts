import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerKeyOf } from '../api-keys/bearer-guard';
import { type AppServices, createRequestContext } from '../context';
import { AppError, httpErrorBody, restErrorAnswer } from '../errors';
import { cacheControlOf, PRIVATE_CACHE_CONTROL } from '../http-cache';
import { requestLocale } from '../request-locale';
import { answerOnce, IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './idempotency';
import { createCaller, listProcedures } from '../trpc/root';
import { API_KEY_SCOPE_OF } from './api-key-scopes';
import { REST_ROUTES, type RestRoute } from './routes';

type Caller = ReturnType<typeof createCaller>;
type CallerNode = Caller | Record<string, unknown> | ((input: unknown) => Promise<unknown>);

/** The caller's procedure at a dotted path, e.g. 'public.configuration.bySlug'. */
function procedureAt(caller: Caller, path: string): (input: unknown) => Promise<unknown> {
  return path.split('.').reduce<CallerNode>((node, key) => (node as Record<string, CallerNode>)[key]!, caller) as (input: unknown) => Promise<unknown>;
}

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
 * Registers the REST routes of server/rest/routes.ts. Each one calls its tRPC procedure through
 * tRPC's server-side caller, so validation, authorisation and behaviour are the procedure's own;
 * a change carrying an Idempotency-Key runs once per key (server/rest/idempotency.ts).
 */
export function mountRestRoutes(app: FastifyInstance, services: AppServices): void {
  const procedures = new Map(listProcedures().map((procedure) => [procedure.path, procedure]));
  for (const route of REST_ROUTES) {
    const { sharedAnswer, meta } = procedures.get(route.procedure)!;
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        try {
          // Read before the procedure runs: a body that is no object is a 400, signed in or not.
          const input = inputOf(route, req);
          const key = bearerKeyOf(req);
          const apiKeyCall = key === undefined ? undefined : { key, operation: `${req.method} ${req.url.split('?')[0]}`, reads: route.method === 'GET', scope: API_KEY_SCOPE_OF[route.procedure] };
          const ctx = createRequestContext(services, req, reply, apiKeyCall);
          const answer = await answerOnce(
            ctx,
            {
              route,
              meta,
              header: req.headers[IDEMPOTENCY_HEADER],
              input,
              setsCookie: () => reply.raw.hasHeader('set-cookie') || reply.hasHeader('set-cookie'),
            },
            async () => {
              try {
                const result = await procedureAt(createCaller(ctx), route.procedure)(input);
                // An answer in its own format (a calendar, a CSV file, a FHIR bundle) goes as it is; anything else as JSON.
                return { status: route.successStatus ?? 200, body: route.contentType ? result : (result ?? { ok: true }) };
              } catch (error) {
                return restErrorAnswer(error, requestLocale(req.headers));
              }
            },
          );
          if (answer.status >= 300) return reply.code(answer.status).header('cache-control', PRIVATE_CACHE_CONTROL).send(answer.body);
          reply.code(answer.status).header('cache-control', cacheControlOf(sharedAnswer));
          if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
          if (route.attachment) reply.header('content-disposition', `attachment; filename="${route.attachment}"`);
          if (route.contentType) return reply.type(route.contentType).send(answer.body);
          return reply.send(answer.body);
        } catch (error) {
          const { status, body } = restErrorAnswer(error, requestLocale(req.headers));
          return reply.code(status).header('cache-control', PRIVATE_CACHE_CONTROL).send(body);
        }
      },
    });
  }
  refuseOtherMethods(app);
}

/** The methods REST routes use; any of them on a path that does not take it is a 405. */
const REST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A path of the table asked with a method it does not take answers 405 with the methods it does
 * (RFC 9110 §15.5.6), rather than "no such endpoint", which would send the caller looking for
 * a mistyped path.
 */
function refuseOtherMethods(app: FastifyInstance): void {
  const methodsByPath = new Map<string, string[]>();
  for (const route of REST_ROUTES) methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  for (const [path, methods] of methodsByPath) {
    const allowed = methods.join(', ');
    app.route({
      method: REST_METHODS.filter((method) => !methods.includes(method)),
      url: path,
      handler: async (req, reply) =>
        reply
          .code(405)
          .header('allow', allowed)
          .header('cache-control', PRIVATE_CACHE_CONTROL)
          .send(httpErrorBody(req, 405, (t) => t.errors.wrongRestMethod({ path: req.url.split('?')[0]!, method: req.method, allowed }))),
    });
  }
}
