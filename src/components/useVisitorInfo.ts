import { NO_OFFER, type VisitorInfo } from '../../domain/pricing';
import { trpc } from '../lib/trpc';

/** The launch offer; a failed call (logged by the query cache) shows the non-offer price. */
export function useVisitorInfo(): VisitorInfo {
  return trpc.billing.visitorInfo.useQuery().data ?? NO_OFFER;
}
