import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { startTestApp, type TestApp } from './testing/test-app';

describe('who may frame which page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it.each(['/screener/klinik-minda', '/ms/screener/klinik-minda', '/screener/default?x=1'])('lets any site frame %s', async (url) => {
    const response = await t.app.inject(url);
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('lets foreign pages load the embed script, and only that', async () => {
    const script = await t.app.inject('/embed.js');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await t.app.inject('/screener/klinik-minda');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it.each(['/', '/login', '/admin-setup', '/api/me', '/screenerx', '/trpc/public.configuration.bySlug'])('refuses framing of %s', async (url) => {
    const response = await t.app.inject(url);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the security headers of a page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  // Helmet's defaults with our CSP, as helmet 8 wrote them before the set was written out.
  it('are helmet’s defaults with the Stripe-aware policy', async () => {
    const response = await t.app.inject('/login');
    expect(response.headers).toMatchObject({
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: https:;object-src 'none';script-src 'self' https://js.stripe.com https://*.js.stripe.com;script-src-attr 'none';style-src 'self' https: 'unsafe-inline';frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;connect-src 'self' https://api.stripe.com",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('upgrade insecure requests in production only', async () => {
    const production = await buildApp({ ...t.services, env: { ...t.services.env, nodeEnv: 'production' } });
    try {
      const policy = (await production.inject('/login')).headers['content-security-policy'];
      expect(policy).toContain(";upgrade-insecure-requests;frame-src 'self'");
    } finally {
      await production.close();
    }
    expect((await t.app.inject('/login')).headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
