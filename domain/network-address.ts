import ipaddr from 'ipaddr.js';

/**
 * Which network addresses the server may connect to on a clinic's behalf (webhooks). Ranges
 * come from ipaddr.js, never from matching text: an address is judged after parsing, so every
 * spelling of one (`127.1`, `0x7f000001`, `[::ffff:7f00:1]`) is judged alike.
 */

/** Loopback, which a developer's own receiver uses outside production. */
export const LOOPBACK_NETWORKS: readonly string[] = ['127.0.0.0/8', '::1/128'];

/**
 * Addresses ipaddr.js calls unicast that still lead nowhere public: IPv4-compatible IPv6
 * (`::a.b.c.d`, deprecated by RFC 4291), which some stacks route to the IPv4 address inside.
 */
export const DENIED_UNICAST_NETWORKS: readonly string[] = ['::/96'];

/** A bare address as the one-address network it is (`10.0.0.1` → `10.0.0.1/32`). */
export function asNetwork(entry: string): string {
  return entry.includes('/') ? entry : `${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`;
}

/** Whether the address (already parsed text, as a URL or a resolver gives it) lies in one of the networks. */
export function inNetworks(address: string, networks: readonly string[]): boolean {
  const parsed = ipaddr.parse(address);
  return networks.some((network) => {
    const [base, bits] = ipaddr.parseCIDR(asNetwork(network));
    return base.kind() === parsed.kind() && parsed.match(base, bits);
  });
}

/**
 * Whether an address is an ordinary public one: ipaddr.js's `unicast`, which leaves out
 * loopback, private (RFC 1918), link-local, CGNAT (100.64/10), benchmarking (198.18/15) and the
 * other reserved IPv4 ranges, unique-local, site-local (fec0::/10), multicast, unspecified,
 * every IPv4-mapped or translated IPv6 form (::ffff:0:0/96, 64:ff9b::/96, 6to4, Teredo), and
 * less the IPv4-compatible form above.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast' && !inNetworks(address, DENIED_UNICAST_NETWORKS);
}

/** An IP address as a URL's hostname writes it, without an IPv6 literal's brackets; null for a name. */
export function addressOfHostname(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/** `localhost` and its subdomains (RFC 6761), with or without the root's trailing dot: always loopback. */
export function isLocalhostName(hostname: string): boolean {
  return /(^|\.)localhost\.?$/i.test(hostname);
}
