import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, for logs: IPv4 to its /24, IPv6 to its /48 (a
 * site). Enough to see a burst from one place; not enough to name a household, which beside a
 * screener's path would tell who took a mental-health screening.
 */
export function clientNetwork(address: string): string {
  const ipv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  if (isIPv4(ipv4)) return `${ipv4.split('.').slice(0, 3).join('.')}.0/24`;
  const withoutZone = address.split('%')[0]!;
  if (!isIPv6(withoutZone)) return 'unknown';
  const [head, tail] = withoutZone.split('::').map((part) => (part === '' ? [] : part.split(':')));
  // "::" stands for as many zero groups as are missing; the site prefix is the first three.
  const zeros = tail ? Array<string>(8 - head!.length - tail.length).fill('0') : [];
  const groups = [...head!, ...zeros, ...(tail ?? [])];
  const site = groups.slice(0, 3).map((group) => Number.parseInt(group, 16).toString(16));
  return `${site.join(':')}::/48`;
}
