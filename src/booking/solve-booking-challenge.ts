import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { RouterInputs, RouterOutputs } from '../lib/trpc';

type BookingChallenge = RouterOutputs['public']['bookingChallenge'];
export type ProofOfWork = RouterInputs['public']['bookAppointment']['proofOfWork'];

/**
 * Solves the booking's challenge in the browser: altcha-lib's solver with WebCrypto's PBKDF2,
 * which the browser runs natively, off the page's own work. Loaded only once the booking
 * dialog opens, so the screener's first load does not carry it (bench/client-weight.ts).
 */
export async function solveBookingChallenge(challenge: BookingChallenge): Promise<ProofOfWork> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The booking challenge was not solved in time');
  return { challenge, solution };
}
