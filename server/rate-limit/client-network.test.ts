import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('counts an IPv4 address as itself', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const network = '2001:db8:aa:bb::/64';
    expect(clientNetwork('2001:db8:aa:bb::1')).toBe(network);
    expect(clientNetwork('2001:0db8:00aa:00bb:1234:5678:9abc:def0')).toBe(network);
    expect(clientNetwork('2001:DB8:AA:BB:ffff:ffff:ffff:ffff')).toBe(network);
    expect(clientNetwork('2001:db8:aa:bb::1%eth0')).toBe(network);
  });

  it('tells neighbouring /64s apart', () => {
    expect(clientNetwork('2001:db8:aa:bc::1')).not.toBe(clientNetwork('2001:db8:aa:bb::1'));
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, however it is written', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetwork('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps an IPv6 address with an embedded IPv4 tail that is not mapped in its /64', () => {
    expect(clientNetwork('64:ff9b:1:2::203.0.113.7')).toBe('64:ff9b:1:2::/64');
  });

  it('counts what is no address as it is', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('unix:/tmp/socket')).toBe('unix:/tmp/socket');
  });
});
