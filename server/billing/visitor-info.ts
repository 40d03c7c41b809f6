import { z } from 'zod';
import { launchOfferAt } from '../../domain/launch-offer';
import type { VisitorInfo } from '../../domain/pricing';
import type { RequestContext } from '../context';

export const ZVisitorInfo = z.object({
  hasSpecialOffer: z.boolean(),
  daysRemaining: z.number().int().min(0),
});

/** The launch offer the pricing block shows: whether it still runs, and for how many days. */
export function visitorInfo(ctx: Pick<RequestContext, 'env' | 'now'>): VisitorInfo {
  return launchOfferAt(ctx.env.offerEndsAt, ctx.now());
}
