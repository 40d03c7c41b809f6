import { describe, expect, it } from 'vitest';
import { metricsAccess } from './metrics-access';

const TOKEN = 'scrape-token-0123456789';

describe('who may read /metrics', () => {
  it('is nobody by default, whatever the caller sends', () => {
    const allowed = metricsAccess({ token: undefined, allow: [] });
    expect(allowed({ ip: '127.0.0.1', authorization: undefined })).toBe(false);
    expect(allowed({ ip: '127.0.0.1', authorization: 'Bearer anything' })).toBe(false);
  });

  it('is a scraper with the bearer token, and no one with another token or none', () => {
    const allowed = metricsAccess({ token: TOKEN, allow: [] });
    expect(allowed({ ip: '203.0.113.9', authorization: `Bearer ${TOKEN}` })).toBe(true);
    expect(allowed({ ip: '203.0.113.9', authorization: `bearer ${TOKEN}` })).toBe(true);
    expect(allowed({ ip: '203.0.113.9', authorization: `Bearer ${TOKEN}x` })).toBe(false);
    expect(allowed({ ip: '203.0.113.9', authorization: TOKEN })).toBe(false);
    expect(allowed({ ip: '203.0.113.9', authorization: undefined })).toBe(false);
  });

  it('is the named addresses and networks, IPv4 clients of a dual-stack socket included', () => {
    const allowed = metricsAccess({ token: undefined, allow: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'] });
    expect(allowed({ ip: '10.1.2.3', authorization: undefined })).toBe(true);
    expect(allowed({ ip: '::ffff:10.1.2.3', authorization: undefined })).toBe(true);
    expect(allowed({ ip: '192.0.2.7', authorization: undefined })).toBe(true);
    expect(allowed({ ip: '2001:db8::1', authorization: undefined })).toBe(true);
    expect(allowed({ ip: '192.0.2.8', authorization: undefined })).toBe(false);
    expect(allowed({ ip: '11.0.0.1', authorization: undefined })).toBe(false);
  });
});
