import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { DEFAULT_RATE_LIMITS } from './rate-limit/rate-limit-rules';
import { startTestApp, type TestApp } from './testing/test-app';

const PROXY = '10.0.0.1';

/**
 * With TRUST_PROXY naming the reverse proxy, only the proxy may say who the visitor is: a client
 * that reaches the server directly and forges X-Forwarded-For stays its own address, so it
 * cannot escape a per-address limit by naming a new address on each attempt.
 */
describe.each(TEST_DIALECTS)('a named trusted proxy on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { TRUST_PROXY: PROXY },
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: { limit: 2, windowMinutes: 15 } },
    });
  });
  afterAll(() => t.close());

  /** A failed sign-in to a new username each time, so only the per-address limit counts. */
  const signInFrom = async (remoteAddress: string, forwardedFor: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: `nobody-${randomUUID().slice(0, 8)}`, password: 'wrong password' },
    });
    return response.statusCode;
  };

  it('ignores X-Forwarded-For from a client that is not the proxy', async () => {
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) statuses.push(await signInFrom('203.0.113.9', forged));
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('reads the visitor from X-Forwarded-For when the proxy sends it', async () => {
    const visitors = [];
    for (const visitor of ['198.51.100.11', '198.51.100.12', '198.51.100.13']) visitors.push(await signInFrom(PROXY, visitor));
    expect(visitors).toEqual([401, 401, 401]);
    const oneVisitor = [];
    for (let attempt = 0; attempt < 3; attempt++) oneVisitor.push(await signInFrom(PROXY, '198.51.100.20'));
    expect(oneVisitor).toEqual([401, 401, 429]);
  });
});
