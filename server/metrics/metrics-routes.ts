import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env';
import { httpErrorBody } from '../errors';
import type { Metrics } from './metrics';
import { metricsAccess } from './metrics-access';

/**
 * A request's route as a label: the route's pattern, never its URL (ids and tokens would make
 * a series per visitor). A tRPC call is labelled with its procedure; a batch, or a name no
 * procedure has, with one label each, so a stranger cannot invent new series.
 */
function routeLabel(req: FastifyRequest, procedures: ReadonlySet<string>): string {
  const pattern = req.routeOptions.url;
  if (pattern === undefined) return '(unmatched)';
  if (pattern !== '/trpc/:path') return pattern;
  const path = (req.params as { path?: string }).path ?? '';
  if (path.includes(',')) return '/trpc/(batch)';
  return procedures.has(path) ? `/trpc/${path}` : '/trpc/(unknown)';
}

/**
 * Counts and times every request, and serves /metrics to whom METRICS_TOKEN or METRICS_ALLOW lets
 * in. `procedurePaths` are the tRPC procedures' paths, handed down by the app that mounts them.
 */
export function registerMetrics(
  app: FastifyInstance,
  services: { env: Pick<Env, 'metrics'>; metrics: Metrics },
  procedurePaths: readonly string[],
): void {
  const { metrics } = services;
  const procedures = new Set(procedurePaths);
  app.addHook('onResponse', (req, reply, done) => {
    const route = routeLabel(req, procedures);
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.requestSeconds.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const allowed = metricsAccess(services.env.metrics);
  app.get('/metrics', async (req, reply) => {
    // Closed looks like absent: a stranger learns nothing of what is measured.
    if (!allowed({ ip: req.ip, authorization: req.headers.authorization })) {
      return reply.code(404).send(httpErrorBody(req, 404, (t) => t.errors.noSuchEndpoint({ method: req.method, path: '/metrics' })));
    }
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}
