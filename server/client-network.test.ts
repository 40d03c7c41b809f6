import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

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
    expect(clientNetwork(address)).toBe(network);
  });
});
