import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { loggedNetwork } from './client-network';
import { type AppServices, createRequestContext } from './context';
import { bearerGuard } from './api-keys/bearer-guard';
import { csrfGuard } from './csrf';
import { sessionOptions } from './session';
import { httpErrorBody, type LocalisedMessage } from './errors';
import { type Readiness, registerHealthRoutes } from './health/health-routes';
import { registerMetrics } from './metrics/metrics-routes';
import { cacheControlOf, registerEtags } from './http-cache';
import { answerRequestTimeouts, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, timeoutOptions } from './http-timeouts';
import { registerSecurityHeaders } from './security-headers';
import { stripeWebhookRoutes } from './billing/stripe-webhook-route';
import { whatsappWebhookRoutes } from './whatsapp/webhook-route';
import { logoRoutes } from './rest/logo-routes';
import { mountRestRoutes } from './rest/mount-rest-routes';
import { buildOpenApiDocument } from './rest/openapi';
import { type AppRouter, appRouter, listProcedures } from './trpc/root';

export interface AppOptions {
  /** The built client (vite build); when missing, only the API is served. */
  clientDir?: string;
  /** How long a request may take to arrive; tests shorten it. */
  httpTimeouts?: HttpTimeouts;
  /** Whether /readyz says ready; server/main.ts marks it stopping on SIGTERM. */
  readiness?: Readiness;
}

/** The one HTTP server: the built client with SPA fallback, tRPC at /trpc, REST at /api. */
export async function buildApp(services: AppServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...timeoutOptions(options.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS),
    loggerInstance: services.log,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // tRPC batches name their procedures in one path parameter (a,b,c); Fastify's default of 100
    // characters refused the admin dashboard's batch with a 414.
    routerOptions: { maxParamLength: 2_000 },
    // Rate limits count per client address, which a reverse proxy puts in X-Forwarded-For.
    trustProxy: services.env.trustProxy,
    // A URL Fastify cannot route (a broken %-escape, an overlong id) answers like any other error.
    frameworkErrors: answerError,
    // One line per request (below) instead of Fastify's two: at 'info' the pair cost a fifth of
    // a cached configuration answer (bench/api-throughput.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  // The load balancer's request id (or ours) goes back to the client and into every log line
  // (reqId), so one request can be followed through the balancer and whichever process took it.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      // The path only, less a visitor's private link: query strings carry reset tokens
      // (/reset-password?token=…) and tRPC inputs, /appointments/manage/… a booking's token, /measure/… a measure's, and
      // /calendar/… a psychologist's, /invitations/… an invitee's, /email-verification/…/confirm an owner's.
      // The client's network only: a full address beside a screener's path names a visitor.
      { method: req.method, url: withoutSecrets(req.url), remoteAddress: loggedNetwork(req.ip), statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
  // Before the routes, so its hook times every one of them.
  registerMetrics(app, services, listProcedures().map((procedure) => procedure.path));
  answerRequestTimeouts(app);
  // Set first, so it also covers the plugins' routes: tRPC's body-size and parse errors.
  app.setErrorHandler(answerError);
  app.addHook('onRequest', csrfGuard(services.env.publicUrl));
  app.addHook('onRequest', bearerGuard(services.env.publicUrl, sessionOptions(services.env).cookieName));

  registerSecurityHeaders(app, services.env);
  await app.register(fastifyCompress);
  await registerEtags(app);

  const sharedPaths = new Set<string>(listProcedures().filter((procedure) => procedure.sharedAnswer).map((procedure) => procedure.path));
  const methodOfPath = new Map<string, string>(listProcedures().map((procedure) => [procedure.path, procedure.type === 'query' ? 'GET' : 'POST']));
  /** The methods a batch's procedures take; both for a path that is no procedure's. */
  const allowedTrpcMethods = (paths: readonly string[] | undefined) =>
    [...new Set((paths ?? []).map((path) => methodOfPath.get(path) ?? 'GET, POST'))].join(', ') || 'GET, POST';
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createRequestContext(services, req, res),
      // A batch is shared only when every call in it is, and a refusal never is.
      responseMeta: ({ paths, type, errors }) => ({
        headers: {
          'cache-control': cacheControlOf(type === 'query' && errors.length === 0 && !!paths?.every((path) => sharedPaths.has(path))),
          // A 405 names the method that works (RFC 9110 §15.5.6): GET for a query, POST for a mutation.
          ...(errors.some((error) => error.code === 'METHOD_NOT_SUPPORTED') && { allow: allowedTrpcMethods(paths) }),
        },
      }),
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  mountRestRoutes(app, services);
  await app.register(stripeWebhookRoutes, { services });
  await app.register(whatsappWebhookRoutes, { services });
  await app.register(logoRoutes, { services });

  const openApi = buildOpenApiDocument(services.env.publicUrl);
  app.get('/api/openapi.json', async () => openApi);
  registerHealthRoutes(app, services, options.readiness ?? { stopping: false });

  const clientDir = options.clientDir && resolve(options.clientDir);
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // Each file found at boot gets a route; source maps get none (isSourceMap).
      globIgnore: ['**/*.map'],
      // Vite fingerprints everything under /assets, so it may be cached forever.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.startsWith(join(clientDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const apiPath = /^\/(api|trpc)(\/|$)/.test(req.url);
    const path = req.url.split('?')[0]!;
    if (!apiPath && !isSourceMap(path) && !isAsset(path) && hasClient && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes, the not-found screen included, are the SPA's to draw.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(httpErrorBody(req, 404, (t) => t.errors.noSuchEndpoint({ method: req.method, path: req.url.split('?')[0]! })));
  });

  return app;
}

/** A request's path as logged: no query string, and a private link's token masked. */
function withoutSecrets(url: string): string {
  return url
    .split('?')[0]!
    .replace(/(\/manage\/)[^/]+/, '$1…')
    // A repeat measure's link: its page (/measure/…, /ms/measure/…) and its API (/api/public/measures/…).
    .replace(/(\/measures?\/)[^/]+/, '$1…')
    .replace(/^(\/api\/calendar\/)[^/]+/, '$1…')
    // The invitation page's preview (GET) and joining (…/accept) carry the token; a revoke's id is masked alike.
    .replace(/^(\/api\/invitations\/)[^/]+(\/accept)?$/, '$1…$2')
    .replace(/^(\/api\/email-verification\/)[^/]+(\/confirm)$/, '$1…$2');
}

/**
 * The build keeps the client's source maps for bench/client-weight.ts; visitors get none, as
 * they would hand anyone our sources and comments (decision 0018). A map is a 404, never the SPA.
 */
function isSourceMap(path: string): boolean {
  return path.toLowerCase().endsWith('.map');
}

/**
 * Vite puts every file a page loads under /assets, fingerprinted; a missing one (a tab opened
 * before a deploy asking for the old bundle, a typo) is a 404. The page in its place would
 * reach the browser as a script or a style sheet of HTML, answered 200, and be logged as served.
 */
function isAsset(path: string): boolean {
  return path.startsWith('/assets/');
}

/** Errors thrown outside a procedure: the status they carry, or a 500 that says no more. */
function answerError(error: { statusCode?: number; message?: string }, req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  const message: LocalisedMessage = status >= 500 ? (t) => t.errors.internal() : (error.message ?? 'Bad request');
  return reply.code(status).send(httpErrorBody(req, status, message));
}
