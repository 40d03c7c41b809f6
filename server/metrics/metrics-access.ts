import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import type { Env } from '../env';

/** Compares digests, so neither the length nor the first wrong character shows in the timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** An IPv4 client reaching a dual-stack socket shows as ::ffff:a.b.c.d. */
function plainAddress(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/** The addresses and CIDRs of METRICS_ALLOW as a lookup. */
function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Who may read /metrics: nobody unless METRICS_TOKEN or METRICS_ALLOW is set; then a scraper
 * that sends the token as a bearer, or that connects from a listed address.
 */
export function metricsAccess(settings: Env['metrics']): (request: { ip: string; authorization: string | undefined }) => boolean {
  const allowed = allowList(settings.allow);
  return ({ ip, authorization }) => {
    const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (settings.token !== undefined && bearer !== undefined && sameSecret(bearer, settings.token)) return true;
    const address = plainAddress(ip);
    return settings.allow.length > 0 && allowed.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}
