import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/root';

export type { RouterInputs, RouterOutputs } from '../../server/trpc/root';

export const trpc = createTRPCReact<AppRouter>();

/** No retries, never stale, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        // The server writes its refusals in the language the page is drawn in (LocaleProvider sets it).
        headers: () => ({ 'x-minda-locale': document.documentElement.lang }),
      }),
    ],
  });
}
