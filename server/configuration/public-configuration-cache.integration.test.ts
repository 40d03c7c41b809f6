import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { STOCK_CONSENT_TEXTS } from '../../domain/configuration';
import { signInNewOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp, trpcQuery } from '../testing/test-app';

describe.each(TEST_DIALECTS)('the cached public configuration on %s', (dialect) => {
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

  it('answers from memory with the very bytes of a fresh answer, over both transports, and keeps no refusal', async () => {
    const operator = await signInNewOperator(t, { companySlug: 'klinik-simpan' });
    const input = encodeURIComponent(JSON.stringify({ json: { slug: 'klinik-simpan' } }));
    const urls = [
      '/api/public/configuration/slug/klinik-simpan',
      `/trpc/public.configuration.bySlug?input=${input}`,
      `/trpc/public.configuration.bySlug?batch=1&input=${encodeURIComponent(`{"0":${decodeURIComponent(input)}}`)}`,
    ];
    const answer = async (url: string) => {
      const response = await t.app.inject(url);
      return { status: response.statusCode, type: response.headers['content-type'], vary: response.headers.vary, body: response.body };
    };
    const fresh = await Promise.all(urls.map(answer));
    // Changed behind the app's back: what comes back now is what was kept.
    await t.services.db.updateTable('screener_configurations').set({ app_title: 'Not saved through the app' }).where('id', '=', operator.configurationId).execute();
    expect(await Promise.all(urls.map(answer))).toEqual(fresh);
    expect(fresh.map((f) => f.status)).toEqual([200, 200, 200]);
    expect(fresh[1]!.body).toContain('"appTitle":"Klinik Test Screener"');

    const unknown = urls.map((url) => url.replaceAll('klinik-simpan', 'klinik-belum'));
    expect((await Promise.all(unknown.map(answer))).map((a) => a.status)).toEqual([404, 404, 404]);
    await signInNewOperator(t, { companySlug: 'klinik-belum' });
    expect((await Promise.all(unknown.map(answer))).map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends a kept answer %s-compressed to a client that takes it, the same bytes once unpacked', async (encoding, unpack) => {
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
