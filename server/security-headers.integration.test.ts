import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
