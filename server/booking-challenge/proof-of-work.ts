import { createHash, hkdfSync, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { challengeCounterRange } from '../../domain/booking-challenge-cost';
import type { BookingChallenge, ProofOfWork } from './booking-challenge.types';

/**
 * ALTCHA v2's proof of work (altcha-lib), self-hosted: the server signs a challenge, the
 * visitor's browser solves it, the server checks it; nothing reaches a third party
 * (docs/decisions/0037). Each try of a counter is a PBKDF2 of ITERATIONS rounds, which the
 * browser runs natively through WebCrypto; the work is the counter the solver must reach.
 */
const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
const ITERATIONS = 1_000;
/** Long enough to fill in the form after the challenge was solved in the background. */
const CHALLENGE_MINUTES = 30;

/** Keys of their own, drawn from the session secret, so no other signature can pass for a challenge's. */
function challengeSecrets(sessionSecret: string) {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', sessionSecret, '', label, 32)).toString('hex');
  return { hmacSignatureSecret: derive('minda booking challenge v1'), hmacKeySignatureSecret: derive('minda booking challenge key v1') };
}

/**
 * A signed challenge for one booking at the screener, whose work rises with the clinic's live
 * holds (domain/booking-challenge-cost.ts). The counter is the server's secret choice; the key
 * signature lets the check derive one key instead of repeating the search.
 */
export async function signedChallenge(
  sessionSecret: string,
  of: { screener: string; liveHolds: number; quietCost: number; now: Date },
): Promise<BookingChallenge> {
  const range = challengeCounterRange(of.liveHolds, of.quietCost);
  const challenge = await createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: ITERATIONS,
    counter: randomInt(range.min, range.max + 1),
    deriveKey,
    // The expiry rides in the signed data rather than in ALTCHA's own field, which altcha-lib
    // checks against the machine's clock: the server's clock (services.now) decides, as
    // everywhere else.
    data: { screener: of.screener, expiresAt: of.now.getTime() + CHALLENGE_MINUTES * 60_000 },
    ...challengeSecrets(sessionSecret),
  });
  return { parameters: challenge.parameters, signature: challenge.signature! };
}

/**
 * Whether the proof solves a challenge this server signed for this screener and that has not
 * expired; its key for the single-use mark, and when the mark may go.
 */
export async function checkProofOfWork(
  sessionSecret: string,
  proof: ProofOfWork,
  screener: string,
  now: Date,
): Promise<{ challengeKey: string; expiresAt: Date } | undefined> {
  const { algorithm, cost, data } = proof.challenge.parameters;
  if (algorithm !== CHALLENGE_ALGORITHM || cost !== ITERATIONS || data?.screener !== screener) return undefined;
  if (typeof data.expiresAt !== 'number' || data.expiresAt <= now.getTime()) return undefined;
  const result = await verifySolution({ challenge: proof.challenge, solution: proof.solution, deriveKey, ...challengeSecrets(sessionSecret) });
  if (!result.verified) return undefined;
  return { challengeKey: createHash('sha256').update(proof.challenge.signature).digest('hex'), expiresAt: new Date(data.expiresAt) };
}
