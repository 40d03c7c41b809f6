import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../lib/trpc';

/** Well inside the challenge's 30 minutes (server/booking-challenge/proof-of-work.ts), so a kept solution is never refused as expired. */
const FRESH_MS = 20 * 60_000;

/**
 * The proof of work a booking carries (docs/decisions/0037), solved in the background from the
 * moment the dialog opens, while the visitor chooses a time and types: nothing for them to do
 * or see. Each solution books once, so `take` hands over the one solved meanwhile (or waits
 * for it) and starts the next, for a retry.
 */
export function useBookingProof(slug: string) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const options = queryOptions({
    queryKey: ['bookingProof', slug],
    queryFn: async () => {
      const [challenge, solver] = await Promise.all([utils.client.public.bookingChallenge.query({ slug }), import('./solve-booking-challenge')]);
      return solver.solveBookingChallenge(challenge);
    },
    staleTime: FRESH_MS,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  useQuery(options);
  return {
    take: async () => {
      const proof = await queryClient.fetchQuery(options);
      void queryClient.resetQueries({ queryKey: options.queryKey });
      return proof;
    },
  };
}
