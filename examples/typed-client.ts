/**
 * Calling Minda's typed procedures from your own TypeScript code.
 *
 *   npx tsx examples/typed-client.ts http://localhost:3000 klinik-minda
 *
 * Inputs and outputs are checked at compile time against the server's AppRouter type;
 * only the type is imported, so none of the server's code ends up in your bundle.
 */
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../server/trpc/root';

export function createMindaClient(baseUrl: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${baseUrl}/trpc`, transformer: superjson })],
  });
}

export async function describeScreener(baseUrl: string, slug: string): Promise<string> {
  const minda = createMindaClient(baseUrl);
  const configuration = await minda.public.configuration.bySlug.query({ slug });
  return `${configuration.appTitle} (${configuration.testType}, from age ${configuration.minimumAge})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = 'http://localhost:3000', slug = 'klinik-minda'] = process.argv.slice(2);
  console.log(await describeScreener(baseUrl, slug));
}
