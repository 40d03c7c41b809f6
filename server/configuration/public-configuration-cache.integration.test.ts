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
});
