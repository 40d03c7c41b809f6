import { describe, expect, it } from 'vitest';
import { addressOfHostname, clientAddressParts, clientInNetworks, inNetworks, isAddressOrNetwork, isLocalhostName, isPublicAddress, isThisMachineAddress } from './network-address';

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

describe('clientAddressParts', () => {
  it('reads an IPv4 address, and an IPv4-mapped IPv6 one however written, as four octets', () => {
    for (const address of ['203.0.113.7', '::ffff:203.0.113.7', '::FFFF:cb00:7107', '0:0:0:0:0:ffff:203.0.113.7']) {
      expect(clientAddressParts(address), address).toEqual({ ipv4: [203, 0, 113, 7] });
    }
  });

  it('reads IPv6 as eight groups, without its zone index, an unmapped IPv4 tail in them', () => {
    expect(clientAddressParts('2001:db8:aa:bb::1%eth0')).toEqual({ ipv6: [0x2001, 0xdb8, 0xaa, 0xbb, 0, 0, 0, 1] });
    expect(clientAddressParts('64:ff9b::203.0.113.7')).toEqual({ ipv6: [0x64, 0xff9b, 0, 0, 0, 0, 0xcb00, 0x7107] });
  });

  it('reads no address out of what no socket reports', () => {
    for (const text of ['', 'unix:/tmp/socket', '127.1', '0x7f000001', '999.1.1.1', 'localhost']) expect(clientAddressParts(text), text).toBeUndefined();
  });
});

describe('isAddressOrNetwork', () => {
  it('takes addresses and CIDRs whose prefix fits their family', () => {
    for (const entry of ['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', '::1/128', '2001:db8::/32', '::ffff:10.0.0.0/104']) expect(isAddressOrNetwork(entry), entry).toBe(true);
  });

  it('refuses what BlockList or proxy-addr would not read as meant', () => {
    for (const entry of ['10.0.0.0/33', '10.0.0/8', '127.1', '::1/129', '10.0.0.1/8/8', '10.0.0.0/', '999.1.1.1', 'localhost', '']) expect(isAddressOrNetwork(entry), entry).toBe(false);
  });
});

describe('isThisMachineAddress', () => {
  it('is loopback or unspecified, in any spelling', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '127.1', '::1', '::ffff:127.0.0.1', '0.0.0.0', '::']) expect(isThisMachineAddress(address), address).toBe(true);
  });

  it('is not another address, nor a name', () => {
    for (const address of ['10.0.0.1', '203.0.113.7', '::ffff:10.0.0.1', '2001:db8::1', 'localhost']) expect(isThisMachineAddress(address), address).toBe(false);
  });
});

describe('clientInNetworks', () => {
  const networks = ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'];

  it('finds a client in the networks, an IPv4 client of a dual-stack socket and a zone index included', () => {
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', '192.0.2.7', '2001:db8::1', '2001:db8::1%eth0']) expect(clientInNetworks(address, networks), address).toBe(true);
  });

  it('finds no other address, and none in a forged header’s other spellings or in what is no address', () => {
    for (const address of ['192.0.2.8', '11.0.0.1', '2001:db9::1', '167772161', '10.1', '0xa000001', '', 'unix:/tmp/socket']) expect(clientInNetworks(address, networks), address).toBe(false);
  });
});
