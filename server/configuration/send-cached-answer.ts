import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type CachedAnswer, publicConfigurationCacheOf } from './public-configuration-cache';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** @fastify/compress's bounds: smaller bodies go as they are; brotli at its quality. */
const COMPRESS_FROM_BYTES = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The answer as kept: compressed once, here, rather than by @fastify/compress on every send. */
function keep({ headers, body }: Answer): CachedAnswer {
  if (Buffer.byteLength(body) < COMPRESS_FROM_BYTES) return { headers, body };
  return { headers, body, encoded: { br: brotliCompressSync(body, BROTLI), gzip: gzipSync(body) } };
}

/** The encoding the client takes that we keep: brotli before gzip, none refused with q=0. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(/\s*;\s*q\s*=\s*/))
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/**
 * Sends the answer kept under `key` with the public configurations, else the one `produce`
 * makes, keeping it when it is a 200: refusals (an unknown slug's 404) are never kept, so a
 * configuration created next shows at once. A save forgets every kept answer (decision 0014).
 * Routes that send this way opt out of @fastify/compress (`compress: false`).
 */
export async function sendCachedAnswer(
  db: Kysely<Database>,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<Answer>,
): Promise<FastifyReply> {
  let refusal: Answer | undefined;
  const kept = await publicConfigurationCacheOf(db).answer(key, async () => {
    const answer = await produce();
    if (answer.status === 200) return keep(answer);
    refusal = answer;
    return undefined;
  });
  if (!kept) return reply.code(refusal!.status).headers(refusal!.headers).send(refusal!.body);
  reply.headers(kept.headers);
  if (!kept.encoded) return reply.send(kept.body);
  const encoding = encodingFor(req.headers['accept-encoding']);
  reply.header('vary', [kept.headers.vary, 'accept-encoding'].filter(Boolean).join(', '));
  return encoding ? reply.header('content-encoding', encoding).send(kept.encoded[encoding]) : reply.send(kept.body);
}
