import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { FastifyInstance } from 'fastify';
import { sendCachedAnswer } from '../configuration/send-cached-answer';
import { type AppServices, createRequestContext } from '../context';
import { appRouter, listProcedures } from './root';

/**
 * GETs of the procedures marked `cachedWithConfigurations` get a route of their own in front of
 * tRPC's, answering from the bytes kept with the public configurations (decision 0014). What is
 * kept is tRPC's own answer, made by its fetch adapter with the same router and context, so a
 * kept answer and a fresh one are the same bytes. tRPC's Fastify adapter costs more per call
 * than everything else in a configuration answer (bench/api-throughput.ts), and every screener
 * visit asks for one.
 */
export function registerCachedTrpcAnswers(app: FastifyInstance, services: AppServices, prefix: string): void {
  for (const { path } of listProcedures().filter((procedure) => procedure.cachedWithConfigurations)) {
    // Kept answers are kept compressed (sendCachedAnswer).
    app.get(`${prefix}/${path}`, { compress: false }, (req, reply) => {
      const trpcAccept = req.headers['trpc-accept'];
      // A streaming client (trpc-accept: application/jsonl) gets another format: another key.
      const key = `${req.method} ${req.url} ${typeof trpcAccept === 'string' ? trpcAccept : ''}`;
      return sendCachedAnswer(services.db, req, reply, key, async () => {
        const response = await fetchRequestHandler({
          endpoint: prefix,
          req: new Request(new URL(req.url, services.env.publicUrl), {
            headers: typeof trpcAccept === 'string' ? { 'trpc-accept': trpcAccept } : {},
          }),
          router: appRouter,
          createContext: () => createRequestContext(services, req, reply),
        });
        return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
      });
    });
  }
}
