import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { STOCK_CONSENT_TEXTS } from '../domain/configuration';
import { SHARED_CACHE_CONTROL } from './http-cache';
import { insertBookableScreener } from './testing/booking-requests';
import { signInNewOperator } from './testing/signed-in-operator';
import { startTestApp, type TestApp, trpcQuery } from './testing/test-app';

describe.each(TEST_DIALECTS)('HTTP caching on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const form = (appTitle: string, companyName: string) => ({
    testType: 'DASS-21',
    appTitle,
    appDescription: '',
    logoUrl: null,
    companyName,
    minimumAge: 18,
    ...STOCK_CONSENT_TEXTS,
    enableMalayTranslation: false,
  });
  const publicTitle = async (url: string) => ((await t.app.inject(url)).json() as { appTitle: string }).appTitle;

  it("shows an operator's save at once, by id, by the new slug and by the old one", async () => {
    const operator = await signInNewOperator(t, { companySlug: 'klinik-lama' });
    const byId = `/api/public/configuration/${operator.configurationId}`;
    expect(await publicTitle(byId)).toBe('Klinik Test Screener');
    expect(await publicTitle('/api/public/configuration/slug/klinik-lama')).toBe('Klinik Test Screener');
    expect((await trpcQuery(t.app, 'public.configuration.bySlug', { slug: 'klinik-lama' })).status).toBe(200);

    const saved = await operator.rest('PUT', '/api/configuration', form('Semakan Baru', 'Klinik Baru'));
    expect(saved.status).toBe(200);

    expect(await publicTitle(byId)).toBe('Semakan Baru');
    expect(await publicTitle('/api/public/configuration/slug/klinik-baru')).toBe('Semakan Baru');
    expect(await publicTitle('/api/public/configuration/slug/klinik-lama')).toBe('Semakan Baru');
    const viaTrpc = await trpcQuery(t.app, 'public.configuration.bySlug', { slug: 'klinik-lama' });
    expect(viaTrpc.data).toMatchObject({ appTitle: 'Semakan Baru', companySlug: 'klinik-baru' });
  });

  const trpcUrl = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const batchUrl = (calls: [string, unknown][]) =>
    `/trpc/${calls.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, { json: input }]))))}`;

  it('lets browsers and proxies keep a screener configuration and its psychologists briefly, and answers a known ETag 304', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const urls = [
      `/api/public/configuration/slug/${screener.slug}`,
      `/api/public/configuration/${screener.configurationId}`,
      `/api/public/psychologists?slug=${screener.slug}`,
      trpcUrl('public.configuration.bySlug', { slug: screener.slug }),
      trpcUrl('public.psychologists', { slug: screener.slug }),
      batchUrl([['public.configuration.bySlug', { slug: screener.slug }], ['public.psychologists', { slug: screener.slug }]]),
    ];
    for (const url of urls) {
      const first = await t.app.inject(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(SHARED_CACHE_CONTROL);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect((await t.app.inject({ url, headers: { 'if-none-match': 'W/"stale"' } })).statusCode, url).toBe(200);
    }
  });

  it('gives a new ETag once the configuration is saved', async () => {
    const operator = await signInNewOperator(t, { companySlug: 'klinik-etag' });
    const url = `/api/public/configuration/${operator.configurationId}`;
    const before = (await t.app.inject(url)).headers.etag as string;
    expect((await operator.rest('PUT', '/api/configuration', form('Tajuk Baru', 'Klinik Etag'))).status).toBe(200);
    const after = await t.app.inject({ url, headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('lets nobody keep free slots, refusals, personal answers or a batch with any of them', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const operator = await signInNewOperator(t);
    const answers = [
      await t.app.inject(`/api/public/availability?slug=${screener.slug}&psychologistId=${screener.psychologistId}`),
      await t.app.inject(trpcUrl('public.availability', { slug: screener.slug, psychologistId: screener.psychologistId })),
      await t.app.inject('/api/public/configuration/slug/klinik-nobody-has'),
      await t.app.inject(trpcUrl('public.configuration.bySlug', { slug: 'klinik-nobody-has' })),
      await t.app.inject(batchUrl([['public.configuration.bySlug', { slug: screener.slug }], ['public.availability', { slug: screener.slug, psychologistId: screener.psychologistId }]])),
      await t.app.inject({ url: '/api/configuration', headers: { cookie: operator.cookie } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 404, 200, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it("answers a batch whose procedures' names are long together", async () => {
    const operator = await signInNewOperator(t, { companySlug: 'klinik-batch' });
    const paths = ['admin.configuration.get', 'admin.psychologists.list', 'admin.appointments.list', 'admin.account.me', 'billing.checkSubscription'];
    const url = batchUrl(paths.map((path) => [path, path === 'billing.checkSubscription' ? { slug: 'klinik-batch' } : path === 'admin.appointments.list' ? {} : undefined]));
    expect(url.split('?')[0]!.length).toBeGreaterThan(100);
    const answer = await t.app.inject({ url, headers: { cookie: operator.cookie } });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as unknown[]).length).toBe(paths.length);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends an answer %s-compressed to a client that takes it, the same bytes once unpacked', async (encoding, unpack) => {
    const operator = await signInNewOperator(t, { companySlug: `klinik-${encoding}` });
    // Long enough to be worth compressing, as the stock consent texts make a real one.
    const saved = await operator.rest('PUT', '/api/configuration', { ...form('Semakan', `Klinik ${encoding}`), appDescription: 'Saringan kesihatan mental. '.repeat(60) });
    expect(saved.status).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ json: { slug: `klinik-${encoding}` } }));
    for (const url of [`/api/public/configuration/slug/klinik-${encoding}`, `/trpc/public.configuration.bySlug?input=${input}`]) {
      const plain = await t.app.inject(url);
      for (let i = 0; i < 2; i++) {
        const packed = await t.app.inject({ url, headers: { 'accept-encoding': `gzip;q=0.5, ${encoding}, identity;q=0.1` } });
        expect(packed.headers['content-encoding'], url).toBe(encoding);
        expect(packed.headers.vary, url).toContain('accept-encoding');
        expect(unpack(packed.rawPayload).toString(), url).toBe(plain.body);
      }
      const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
      expect(refused.headers['content-encoding'], url).toBeUndefined();
      expect(refused.body, url).toBe(plain.body);
    }
  });
});
