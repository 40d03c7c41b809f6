import { subMinutes } from 'date-fns';
import { countOpenHolds } from '../../db/repositories/appointments';
import { HOLD_MINUTES } from '../../domain/appointment-status';
import { findOwnedScreener } from '../configuration/screener-owner';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';
import type { ZBookingChallengeRequest } from './booking-challenge.types';
import { signedChallenge } from './proof-of-work';
import type { z } from 'zod';

type Services = Pick<RequestContext, 'db' | 'env' | 'now' | 'configurations'>;

/**
 * GET /api/public/booking-challenge/{slug}: the proof of work one booking at this screener must
 * carry. Its work rises with the clinic's open holds (live holds, and requests of the last
 * HOLD_MINUTES at a clinic that asks no e-mail confirmation), so a flood pays more for each hold it adds
 * while a quiet clinic's visitors notice nothing (docs/decisions/0037).
 */
export async function createBookingChallenge(services: Services, input: z.output<typeof ZBookingChallengeRequest>) {
  const screener = await findOwnedScreener(services, input.slug);
  if (!screener) throw new NotFoundError('psychologist');
  const now = services.now();
  const liveHolds = await countOpenHolds(services.db, screener.userId, now, subMinutes(now, HOLD_MINUTES));
  return signedChallenge(services.env.sessionSecret, { screener: input.slug, liveHolds, quietCost: services.env.bookingChallengeCost, now });
}
