import { launchOfferAt } from '../../domain/launch-offer';
import type { VisitorInfo } from '../../domain/pricing';
import type { RequestContext } from '../context';

/** The launch offer the pricing block shows: whether it still runs, and for how many days. */
export function visitorInfo(ctx: Pick<RequestContext, 'env' | 'now'>): VisitorInfo {
  return launchOfferAt(ctx.env.offerEndsAt, ctx.now());
}
