import { clientAddressParts } from '../domain/network-address';

/**
 * The network a client address belongs to, at two widths: what the per-address rate limits
 * count, and what the logs may keep. One parser (domain/network-address.ts) serves both, so an
 * IPv4-mapped address or a zone index is read the same way everywhere.
 */

/**
 * The client as the per-address rate limits count it. An IPv4 address is one client; an IPv6
 * client counts by its /64, because a home or mobile connection is handed a whole /64 and may
 * pick a new address in it for every request. An IPv4-mapped IPv6 address ('::ffff:192.0.2.1',
 * what a dual-stack socket reports for an IPv4 client) is that IPv4 address. Anything else
 * (no address, a unix socket) is counted as it is.
 */
export function rateLimitClient(address: string): string {
  const parsed = clientAddressParts(address);
  if (!parsed) return address;
  return parsed.ipv4 ? parsed.ipv4.join('.') : `${hexGroups(parsed.ipv6, 4)}::/64`;
}

/**
 * The network written to logs: IPv4 to its /24, IPv6 to its /48 (a site). Enough to see a
 * burst from one place; not enough to name a household, which beside a screener's path would
 * tell who took a mental-health screening.
 */
export function loggedNetwork(address: string): string {
  const parsed = clientAddressParts(address);
  if (!parsed) return 'unknown';
  return parsed.ipv4 ? `${parsed.ipv4.slice(0, 3).join('.')}.0/24` : `${hexGroups(parsed.ipv6, 3)}::/48`;
}

/**
 * The network a client (as rateLimitClient names it) books from, as the hold bounds count it:
 * its /24 or /48, as logged. A flood from one provider's block counts as one client.
 */
export function clientNetwork(client: string): string {
  return loggedNetwork(client.replace(/\/64$/, ''));
}

function hexGroups(groups: number[], count: number): string {
  return groups
    .slice(0, count)
    .map((group) => group.toString(16))
    .join(':');
}
