import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Answers that are the same for every caller and hold nothing personal (a screener's
 * configuration and its psychologists): browsers and proxies keep them briefly, then
 * revalidate with the ETag. A save shows through a proxy within max-age + stale-while-revalidate
 * + CONFIGURATION_TTL_MS, under 5 seconds (docs/decisions/0014).
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=2, stale-while-revalidate=2';
/** Everything else the API answers: free slots change with each booking, the rest is personal. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

export function cacheControlOf(shared: boolean): string {
  return shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
}

/** ETags on every buffered answer, and 304 for an If-None-Match that names the current one. */
export async function registerEtags(app: FastifyInstance): Promise<void> {
  // tRPC's Fastify adapter sends a fetch Response, which @fastify/etag cannot hash: a JSON one is
  // read into bytes first (a streamed jsonl answer stays a stream). Runs before the ETag hook,
  // which is registered next, and before @fastify/compress, whose hooks are the routes' own.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!(payload instanceof Response) || !payload.headers.get('content-type')?.startsWith('application/json')) return payload;
    reply.code(payload.status).headers(Object.fromEntries(payload.headers));
    return Buffer.from(await payload.arrayBuffer());
  });
  // Weak: the same answer goes out in several encodings (@fastify/compress).
  await app.register(fastifyEtag, { weak: true });
}
