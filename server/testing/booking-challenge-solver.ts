import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { BookingChallenge, ProofOfWork } from '../booking-challenge/booking-challenge.types';

/**
 * Solves a booking challenge as a script would: Node's native PBKDF2, the fastest way there is
 * without special hardware. Tests, benchmarks and load runs book through it.
 */
export async function solveBookingChallenge(challenge: BookingChallenge): Promise<ProofOfWork> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The booking challenge was not solved in time');
  return { challenge, solution };
}

/** GET /api/public/booking-challenge/{slug} from a running server, solved; `fetchWith` reaches a front by its host name. */
export async function fetchProofOfWork(
  baseUrl: string,
  slug: string,
  headers: Record<string, string> = {},
  fetchWith: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<ProofOfWork> {
  const response = await fetchWith(`${baseUrl}/api/public/booking-challenge/${encodeURIComponent(slug)}`, { headers });
  if (!response.ok) throw new Error(`The booking challenge answered ${response.status}`);
  return solveBookingChallenge((await response.json()) as BookingChallenge);
}
