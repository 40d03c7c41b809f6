import { QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/root';
import { hasErrorCode } from './errors';

export type { RouterInputs, RouterOutputs } from '../../server/trpc/root';

export const trpc = createTRPCReact<AppRouter>();

/** No retries, never stale, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The one place a failed read is logged. A 401 (not signed in) and a 404 (an unknown
    // screener) are answers the screens act on, not failures.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (hasErrorCode(error, 'UNAUTHORIZED') || hasErrorCode(error, 'NOT_FOUND')) return;
        // The procedure's name only: a key holds its input, which may be a visitor's answers.
        console.error('Query failed', query.queryKey[0], error);
      },
    }),
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
