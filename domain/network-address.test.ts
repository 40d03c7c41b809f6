import { describe, expect, it } from 'vitest';
import { addressOfHostname, inNetworks, isLocalhostName, isPublicAddress } from './network-address';

describe('isPublicAddress', () => {
  it('passes ordinary public IPv4 and IPv6 addresses', () => {
    for (const address of ['8.8.8.8', '203.106.93.94', '100.63.255.255', '100.128.0.0', '198.17.255.255', '198.20.0.0', '2001:4860:4860::8888']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses every range a server must not reach on a clinic’s behalf, IPv4-mapped forms included', () => {
    const refused = {
      loopback: ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1'],
      private: ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '::ffff:10.0.0.1', '::ffff:192.168.1.1'],
      linkLocal: ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1'],
      carrierGradeNat: ['100.64.0.1', '100.127.255.255', '::ffff:100.64.0.1'],
      benchmarking: ['198.18.0.1', '198.19.255.255', '::ffff:198.18.0.1', '2001:2::1'],
      siteLocal: ['fec0::1', 'feff::1'],
      uniqueLocal: ['fc00::1', 'fd12:3456::1'],
      multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
      unspecified: ['0.0.0.0', '0.1.2.3', '::'],
      ipv4Compatible: ['::127.0.0.1', '::a9fe:a9fe', '::8.8.8.8'],
      translated: ['64:ff9b::a9fe:a9fe', '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
      reserved: ['192.0.2.1', '240.0.0.1', '255.255.255.255', '2001:db8::1'],
    };
    for (const [range, addresses] of Object.entries(refused)) {
      for (const address of addresses) expect(isPublicAddress(address), `${range} ${address}`).toBe(false);
    }
  });

  it('refuses what is no address at all', () => {
    expect(isPublicAddress('clinic.example.my')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('inNetworks', () => {
  it('matches addresses and CIDRs of the same family only', () => {
    expect(inNetworks('10.1.2.3', ['10.1.2.0/24'])).toBe(true);
    expect(inNetworks('10.1.3.3', ['10.1.2.0/24'])).toBe(false);
    expect(inNetworks('::1', ['127.0.0.0/8', '::1/128'])).toBe(true);
    expect(inNetworks('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(inNetworks('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(false);
  });
});

describe('addressOfHostname and isLocalhostName', () => {
  it('reads a URL’s hostname as an address, without brackets, or as a name', () => {
    expect(addressOfHostname('[::ffff:7f00:1]')).toBe('::ffff:7f00:1');
    expect(addressOfHostname('127.0.0.1')).toBe('127.0.0.1');
    expect(addressOfHostname('clinic.example.my')).toBeNull();
  });

  it('knows localhost and its subdomains, trailing dot or not', () => {
    for (const name of ['localhost', 'localhost.', 'LocalHost', 'a.b.localhost', 'x.localhost.']) expect(isLocalhostName(name), name).toBe(true);
    for (const name of ['localhost.example.my', 'mylocalhost', 'localhostx']) expect(isLocalhostName(name), name).toBe(false);
  });
});
