import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import superjson from 'superjson';
import type { BenchServer } from './bare-http-server';

/**
 * tRPC's own floor: the Fastify adapter and superjson, as in server/app.ts, and a procedure
 * at the same path that returns a value from memory: no hooks, no context, no validation,
 * no database.
 */
export async function startTrivialTrpcApp(value: unknown): Promise<BenchServer> {
  const t = initTRPC.create({ transformer: superjson });
  const router = t.router({
    public: t.router({ configuration: t.router({ bySlug: t.procedure.query(() => value) }) }),
  });
  const app = Fastify();
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}
