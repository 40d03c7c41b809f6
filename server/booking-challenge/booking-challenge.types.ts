import { z } from 'zod';
import { ZScreenerIdentifier } from '../configuration/screener-owner';
import { fieldMessage } from '../field-messages';

/** GET /api/public/booking-challenge/{slug}: a challenge for one booking at this screener. */
export const ZBookingChallengeRequest = z.object({ slug: ZScreenerIdentifier });

const hex = z.string().max(512).regex(/^[0-9a-f]*$/i);

/** An ALTCHA v2 challenge (altcha-lib), signed by the server; the client solves it as it is. */
export const ZBookingChallenge = z.object({
  parameters: z.object({
    algorithm: z.string().max(32),
    nonce: hex,
    salt: hex,
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive(),
    keyPrefix: hex,
    keySignature: hex.optional(),
    expiresAt: z.number().int().positive().optional(),
    data: z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: hex,
});
export type BookingChallenge = z.infer<typeof ZBookingChallenge>;

/**
 * The solved challenge a booking carries: the challenge as the server handed it out, and the
 * counter that solves it with its derived key.
 */
export const ZProofOfWork = z
  .object(
    {
      challenge: ZBookingChallenge,
      solution: z.object({
        counter: z.number().int().nonnegative(),
        derivedKey: hex,
        time: z.number().optional(),
      }),
    },
    { error: fieldMessage('proofOfWork') },
  )
  .describe(
    "The challenge of GET /api/public/booking-challenge/{slug}, as it came, and its solution: the counter whose PBKDF2 key starts with the challenge's keyPrefix, and that key (altcha-lib's solveChallenge gives both). Each solution books once, within 30 minutes.",
  );
export type ProofOfWork = z.infer<typeof ZProofOfWork>;
