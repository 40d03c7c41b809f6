import { createHash, timingSafeEqual } from 'node:crypto';
import { clientInNetworks } from '../../domain/network-address';
import type { Env } from '../env';

/** Compares digests, so neither the length nor the first wrong character shows in the timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read /metrics: nobody unless METRICS_TOKEN or METRICS_ALLOW is set; then a scraper
 * that sends the token as a bearer, or that connects from a listed address.
 */
export function metricsAccess(settings: Env['metrics']): (request: { ip: string; authorization: string | undefined }) => boolean {
  return ({ ip, authorization }) => {
    const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (settings.token !== undefined && bearer !== undefined && sameSecret(bearer, settings.token)) return true;
    return clientInNetworks(ip, settings.allow);
  };
}
