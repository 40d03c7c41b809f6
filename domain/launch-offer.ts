import { NO_OFFER, type VisitorInfo } from './pricing';
import { DAY_MS } from './time';

/**
 * The launch offer as of `now`: on while its end is ahead, with the days left rounded up, so
 * the last day reads '1 day'. Every visitor sees the same count; there is no per-visit timer.
 */
export function launchOfferAt(offerEndsAt: Date | undefined, now: Date): VisitorInfo {
  const left = offerEndsAt ? offerEndsAt.getTime() - now.getTime() : 0;
  if (left <= 0) return NO_OFFER;
  return { hasSpecialOffer: true, daysRemaining: Math.ceil(left / DAY_MS) };
}
