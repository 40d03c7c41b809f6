import ipaddr from 'ipaddr.js';

/**
 * IP addresses and networks, read by ipaddr.js in this one place: which ones the server may
 * connect to on a clinic's behalf (webhooks), which the configuration may name, which network a
 * client comes from. Ranges come from ipaddr.js, never from matching text: an address is judged
 * after parsing, so every spelling of one (`127.1`, `0x7f000001`, `[::ffff:7f00:1]`) is judged alike.
 */

/** Loopback, which a developer's own receiver uses outside production. */
export const LOOPBACK_NETWORKS: readonly string[] = ['127.0.0.0/8', '::1/128'];

/**
 * Addresses ipaddr.js calls unicast that still lead nowhere public: IPv4-compatible IPv6
 * (`::a.b.c.d`, deprecated by RFC 4291), which some stacks route to the IPv4 address inside.
 */
export const DENIED_UNICAST_NETWORKS: readonly string[] = ['::/96'];

/** A bare address as the one-address network it is (`10.0.0.1` → `10.0.0.1/32`). */
function asNetwork(entry: string): string {
  return entry.includes('/') ? entry : `${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`;
}

const matchesAny = (parsed: ipaddr.IPv4 | ipaddr.IPv6, networks: readonly string[]) =>
  networks.some((network) => {
    const [base, bits] = ipaddr.parseCIDR(asNetwork(network));
    return base.kind() === parsed.kind() && parsed.match(base, bits);
  });

/** Whether the address (already parsed text, as a URL or a resolver gives it) lies in one of the networks. */
export function inNetworks(address: string, networks: readonly string[]): boolean {
  return matchesAny(ipaddr.parse(address), networks);
}

/**
 * Whether a client's address, read as parseClientAddress reads it, lies in one of the networks.
 * False for what is no address.
 */
export function clientInNetworks(address: string, networks: readonly string[]): boolean {
  const parsed = parseClientAddress(address);
  return parsed !== undefined && matchesAny(parsed, networks);
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

/**
 * An address as a socket or a proxy reports a client. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 client) is that IPv4 address.
 * Undefined for what is no address (none, a unix socket) and for an IPv4 address not written as
 * four decimal parts (`167772161`, `10.1`), which no socket reports but a forged header may.
 */
function parseClientAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  if (!ipaddr.IPv6.isValid(address)) return undefined;
  const parsed = ipaddr.IPv6.parse(address);
  return parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
}

/** A client's address as numbers: IPv4's four octets, or IPv6's eight 16-bit groups, its zone index (`fe80::1%eth0`) dropped. */
export function clientAddressParts(address: string): { ipv4: number[]; ipv6?: never } | { ipv4?: never; ipv6: number[] } | undefined {
  const parsed = parseClientAddress(address);
  if (!parsed) return undefined;
  return parsed instanceof ipaddr.IPv4 ? { ipv4: parsed.octets } : { ipv6: parsed.parts };
}

/**
 * An address, or a network in CIDR notation whose prefix fits its family, as node's BlockList
 * and proxy-addr both read them: IPv4 in four decimal parts only.
 */
export function isAddressOrNetwork(entry: string): boolean {
  return (
    ipaddr.IPv4.isValidFourPartDecimal(entry) ||
    ipaddr.IPv6.isValid(entry) ||
    ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
    ipaddr.IPv6.isValidCIDR(entry)
  );
}

/** Whether an address, in any spelling (`::ffff:127.0.0.1` too), is this machine's own: loopback or unspecified. */
export function isThisMachineAddress(address: string): boolean {
  // process() reads an IPv4-mapped address as the IPv4 address it maps.
  return ipaddr.isValid(address) && ['loopback', 'unspecified'].includes(ipaddr.process(address).range());
}
