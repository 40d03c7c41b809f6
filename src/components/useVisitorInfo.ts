import { useEffect } from 'react';
import { NO_OFFER, type VisitorInfo } from '../../domain/pricing';
import { trpc } from '../lib/trpc';

/** The launch offer; a failed call is only logged and shows the non-offer price. */
export function useVisitorInfo(): VisitorInfo {
  const query = trpc.billing.visitorInfo.useQuery();
  useEffect(() => {
    if (query.error) console.error('Visitor info failed', query.error);
  }, [query.error]);
  return query.data ?? NO_OFFER;
}
