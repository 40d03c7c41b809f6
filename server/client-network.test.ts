import { describe, expect, it } from 'vitest';
import { clientNetwork, loggedNetwork, rateLimitClient } from './client-network';

describe('the client network written to logs', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::/48'],
    ['2001:0DB8:0042::1', '2001:db8:42::/48'],
    ['2001:db8::7', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['2001::1:2:3:4:5:6', '2001:0:1::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['not an address', 'unknown'],
  ])('keeps the network of %s only: %s', (address, network) => {
    expect(loggedNetwork(address)).toBe(network);
  });
});


describe('the client the rate limits count', () => {
  it('counts an IPv4 address as itself', () => {
    expect(rateLimitClient('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const network = '2001:db8:aa:bb::/64';
    expect(rateLimitClient('2001:db8:aa:bb::1')).toBe(network);
    expect(rateLimitClient('2001:0db8:00aa:00bb:1234:5678:9abc:def0')).toBe(network);
    expect(rateLimitClient('2001:DB8:AA:BB:ffff:ffff:ffff:ffff')).toBe(network);
    expect(rateLimitClient('2001:db8:aa:bb::1%eth0')).toBe(network);
  });

  it('tells neighbouring /64s apart', () => {
    expect(rateLimitClient('2001:db8:aa:bc::1')).not.toBe(rateLimitClient('2001:db8:aa:bb::1'));
    expect(rateLimitClient('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitClient('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, however it is written', () => {
    expect(rateLimitClient('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitClient('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(rateLimitClient('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps an IPv6 address with an embedded IPv4 tail that is not mapped in its /64', () => {
    expect(rateLimitClient('64:ff9b:1:2::203.0.113.7')).toBe('64:ff9b:1:2::/64');
  });

  it('counts what is no address as it is', () => {
    expect(rateLimitClient('')).toBe('');
    expect(rateLimitClient('unix:/tmp/socket')).toBe('unix:/tmp/socket');
  });
});

describe('the network the hold bounds count', () => {
  it.each([
    ['192.0.2.77', '192.0.2.0/24'],
    [rateLimitClient('::ffff:192.0.2.77'), '192.0.2.0/24'],
    [rateLimitClient('2001:db8:1:2:3:4:5:6'), '2001:db8:1::/48'],
    [rateLimitClient('2001:db8:1:ffff::9'), '2001:db8:1::/48'],
  ])('counts the client %s by its network %s', (client, network) => {
    expect(clientNetwork(client)).toBe(network);
  });
});
