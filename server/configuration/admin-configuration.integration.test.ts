import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperatorAccount } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { DEFAULT_CONFIGURATION, STOCK_CONSENT_TEXTS, WHITE_LABEL_DEFAULTS } from '../../domain/configuration';
import { type OperatorCalls, signedInAs, signInNewOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { translationsFor } from '../translations';
import { SLUG_RESERVED_MESSAGE } from './company-slug';

const form = (overrides: Record<string, unknown> = {}) => ({
  testType: 'DASS-21',
  appTitle: 'Klinik Minda Check',
  appDescription: 'A short check-in',
  logoUrl: 'https://klinik.example/logo.png',
  companyName: null,
  minimumAge: 16,
  ...STOCK_CONSENT_TEXTS,
  enableMalayTranslation: false,
  aiInsightsEnabled: true,
  crisisContact: null,
  ...overrides,
});

describe.each(TEST_DIALECTS)('the admin configuration on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const save = (operator: OperatorCalls, overrides: Record<string, unknown>) =>
    operator.rest('PUT', '/api/configuration', form(overrides));
  const slugOf = async (operator: OperatorCalls) =>
    ((await operator.rest('GET', '/api/configuration')).body as { companySlug: string | null }).companySlug;
  const publicBySlug = async (slug: string) => (await t.app.inject(`/api/public/configuration/slug/${slug}`)).json();

  it('answers the operator’s own configuration, the same over REST and tRPC', async () => {
    const operator = await signInNewOperator(t, { companySlug: 'klinik-own' });
    const rest = await operator.rest('GET', '/api/configuration');
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      id: operator.configurationId,
      userId: operator.userId,
      testType: 'Combined',
      companySlug: 'klinik-own',
      minimumAge: 18,
    });
    expect((await operator.query('admin.configuration.get')).data).toEqual(rest.body);
  });

  it('shows the defaults to an operator without a configuration, and creates it on the first save', async () => {
    const operator = await signedInAs(t, await insertOperatorAccount(t.services.db));
    const before = await operator.rest('GET', '/api/configuration');
    expect(before.body).toEqual({ ...DEFAULT_CONFIGURATION, userId: operator.userId });

    const saved = await save(operator, { companyName: 'Pusat Jiwa Tenang', minimumAge: 12 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ userId: operator.userId, companySlug: 'pusat-jiwa-tenang', minimumAge: 12 });
    const id = (saved.body as { id: string }).id;
    expect(id).not.toBe(DEFAULT_CONFIGURATION.id);
    expect((await operator.rest('GET', '/api/configuration')).body).toEqual(saved.body);
    expect(await publicBySlug('pusat-jiwa-tenang')).toMatchObject({ id, minimumAge: 12 });
  });

  it('saves every field over tRPC, trimming texts and reading empty logo and company as none', async () => {
    const operator = await signInNewOperator(t);
    const result = await operator.mutate(
      'admin.configuration.update',
      form({
        testType: 'Combined',
        appTitle: '  Semak Minda  ',
        logoUrl: '',
        companyName: '   ',
        enableMalayTranslation: true,
        aiInsightsEnabled: false,
        importantSectionContent: 'Custom note\n',
      }),
    );
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      ...form(),
      id: operator.configurationId,
      userId: operator.userId,
      testType: 'Combined',
      appTitle: 'Semak Minda',
      logoUrl: null,
      companyName: null,
      companySlug: null,
      enableMalayTranslation: true,
      aiInsightsEnabled: false,
      importantSectionContent: 'Custom note',
      // The white label's fields a form without them leaves as they were (issue 26).
      ...WHITE_LABEL_DEFAULTS,
      uploadedLogoUrl: null,
    });
    expect((await operator.query('admin.configuration.get')).data).toEqual(result.data);
  });

  it('refuses each invalid field with a 400 naming it, on both transports, and changes nothing', async () => {
    const operator = await signInNewOperator(t);
    const before = (await operator.rest('GET', '/api/configuration')).body;
    const invalid: [Record<string, unknown>, string, string][] = [
      [{ testType: 'PHQ-9' }, 'testType', "must be 'DASS-21' or 'Combined'"],
      [{ appTitle: '   ' }, 'appTitle', 'is required'],
      [{ appTitle: 'x'.repeat(201) }, 'appTitle', 'must be at most 200 characters'],
      [{ appDescription: 'x'.repeat(2001) }, 'appDescription', 'must be at most 2000 characters'],
      [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'must be an http(s) URL'],
      [{ logoUrl: `https://x.example/${'a'.repeat(2048)}` }, 'logoUrl', 'must be at most 2048 characters'],
      [{ companyName: 'x'.repeat(201) }, 'companyName', 'must be at most 200 characters'],
      [{ minimumAge: 9 }, 'minimumAge', 'must be a whole number from 10 to 21'],
      [{ minimumAge: 22 }, 'minimumAge', 'must be a whole number from 10 to 21'],
      [{ minimumAge: 16.5 }, 'minimumAge', 'must be a whole number from 10 to 21'],
      [{ minimumAge: '16' }, 'minimumAge', 'must be a whole number from 10 to 21'],
      [{ privacySectionContent: 'x'.repeat(5001) }, 'privacySectionContent', 'must be at most 5000 characters'],
      [{ enableMalayTranslation: 'yes' }, 'enableMalayTranslation', 'must be true or false'],
      [{ aiInsightsEnabled: 'no' }, 'aiInsightsEnabled', 'must be true or false'],
    ];
    for (const [overrides, field, message] of invalid) {
      const rest = await save(operator, overrides);
      expect(rest.status, field).toBe(400);
      expect(rest.body, field).toEqual({ error: 'Please check the highlighted fields.', fields: { [field]: [message] } });
      const viaTrpc = await operator.mutate('admin.configuration.update', form(overrides));
      expect(viaTrpc.status, field).toBe(400);
      expect(viaTrpc.error?.data.fields, field).toEqual({ [field]: [message] });
    }
    expect((await operator.rest('GET', '/api/configuration')).body).toEqual(before);
  });

  it('keeps the saved AI switch when a form from before the switch leaves it out; a new configuration has it on', async () => {
    const { aiInsightsEnabled: _, ...older } = form();
    const newcomer = await signedInAs(t, await insertOperatorAccount(t.services.db));
    expect((await newcomer.rest('PUT', '/api/configuration', older)).body).toMatchObject({ aiInsightsEnabled: true });
    const operator = await signInNewOperator(t);
    await save(operator, { aiInsightsEnabled: false });
    expect((await operator.rest('PUT', '/api/configuration', older)).body).toMatchObject({ aiInsightsEnabled: false });
  });

  it('ignores ids and a slug sent with the form: the slug comes from the company name', async () => {
    const operator = await signInNewOperator(t);
    const other = await signInNewOperator(t, { companySlug: 'someone-else' });
    const saved = await save(operator, {
      id: other.configurationId,
      userId: other.userId,
      companySlug: 'someone-else',
      companyName: 'Klinik Bebas',
    });
    expect(saved.body).toMatchObject({ id: operator.configurationId, userId: operator.userId, companySlug: 'klinik-bebas' });
    expect(await publicBySlug('someone-else')).toMatchObject({ id: other.configurationId });
  });

  it('derives a URL-safe slug and gives the next suffix when the slug is taken', async () => {
    const first = await signInNewOperator(t);
    const second = await signInNewOperator(t);
    const third = await signInNewOperator(t);
    await save(first, { companyName: 'Klinik Ceria Sdn. Bhd.' });
    await save(second, { companyName: 'KLINIK  CERIA sdn bhd' });
    await save(third, { companyName: 'Klinik Ceria — Sdn Bhd!' });
    expect([await slugOf(first), await slugOf(second), await slugOf(third)]).toEqual([
      'klinik-ceria-sdn-bhd',
      'klinik-ceria-sdn-bhd-2',
      'klinik-ceria-sdn-bhd-3',
    ]);
  });

  it('never hands out a reserved word such as default or admin', async () => {
    const operator = await signInNewOperator(t);
    await save(operator, { companyName: 'Default' });
    expect(await slugOf(operator)).toBe('default-2');
  });

  it('keeps the slug while the name keeps its slug form, and keeps the old slug working after a rename', async () => {
    const operator = await signInNewOperator(t);
    const rival = await signInNewOperator(t);
    await save(rival, { companyName: 'Klinik Damai' });
    await save(operator, { companyName: 'Klinik Damai' });
    expect(await slugOf(operator)).toBe('klinik-damai-2');

    // Only the spelling changed: the shared links stay as they are, even though klinik-damai is the rival's.
    await save(operator, { companyName: 'KLINIK DAMAI', appTitle: 'New title' });
    expect(await slugOf(operator)).toBe('klinik-damai-2');

    await save(operator, { companyName: 'Pusat Damai' });
    expect(await slugOf(operator)).toBe('pusat-damai');
    expect(await publicBySlug('klinik-damai-2')).toMatchObject({ id: operator.configurationId, companySlug: 'pusat-damai' });
    expect(await publicBySlug('klinik-damai')).toMatchObject({ id: rival.configurationId });
  });

  it('clears the slug with the company name, keeping the old one as a redirect', async () => {
    const operator = await signInNewOperator(t);
    await save(operator, { companyName: 'Klinik Sementara' });
    const cleared = await save(operator, { companyName: null });
    expect(cleared.body).toMatchObject({ companyName: null, companySlug: null });
    expect(await publicBySlug('klinik-sementara')).toMatchObject({ id: operator.configurationId, companySlug: null });
  });

  it('keeps an old slug with its operator: another operator wanting it gets a suffix', async () => {
    const leaver = await signInNewOperator(t);
    await save(leaver, { companyName: 'Klinik Lama' });
    await save(leaver, { companyName: 'Klinik Baru' });
    const newcomer = await signInNewOperator(t);
    await save(newcomer, { companyName: 'Klinik Lama' });
    expect(await slugOf(newcomer)).toBe('klinik-lama-2');
    expect(await publicBySlug('klinik-lama')).toMatchObject({ id: leaver.configurationId });
  });

  it('gives an operator their own earlier slug back when they return to the old name', async () => {
    const operator = await signInNewOperator(t);
    await save(operator, { companyName: 'Klinik Pulang' });
    await save(operator, { companyName: 'Klinik Pergi' });
    await save(operator, { companyName: 'Klinik Pulang' });
    expect(await slugOf(operator)).toBe('klinik-pulang');
    // klinik-pergi now redirects; renaming once more must not collide with a leftover redirect.
    await save(operator, { companyName: 'Klinik Pergi' });
    expect(await slugOf(operator)).toBe('klinik-pergi');
    expect(await publicBySlug('klinik-pulang')).toMatchObject({ id: operator.configurationId, companySlug: 'klinik-pergi' });
  });

  it('keeps only the five most recent old slugs of a configuration, releasing older ones to anyone', async () => {
    const squatter = await signInNewOperator(t);
    const names = ['Satu', 'Dua', 'Tiga', 'Empat', 'Lima', 'Enam', 'Tujuh'].map((word) => `Klinik Simpan ${word}`);
    const start = Date.now();
    try {
      for (const [i, companyName] of names.entries()) {
        t.services.now = () => new Date(start + i * 1_000);
        expect((await save(squatter, { companyName })).status).toBe(200);
      }
    } finally {
      t.services.now = () => new Date();
    }
    const redirects = await t.services.db
      .selectFrom('slug_redirects')
      .select('slug')
      .where('configuration_id', '=', squatter.configurationId)
      .orderBy('slug')
      .execute();
    expect(redirects.map((row) => row.slug)).toEqual(
      ['dua', 'empat', 'enam', 'lima', 'tiga'].map((word) => `klinik-simpan-${word}`),
    );
    expect((await t.app.inject('/api/public/configuration/slug/klinik-simpan-satu')).statusCode).toBe(404);
    expect(await publicBySlug('klinik-simpan-dua')).toMatchObject({ id: squatter.configurationId });

    const newcomer = await signInNewOperator(t);
    await save(newcomer, { companyName: 'Klinik Simpan Satu' });
    expect(await slugOf(newcomer)).toBe('klinik-simpan-satu');
  });

  it('refuses a company name protected for a crisis line or a public hospital, changing nothing', async () => {
    const operator = await signInNewOperator(t);
    await save(operator, { companyName: 'Klinik Jujur' });
    for (const companyName of ['Befrienders KL', 'Talian Kasih', 'Hospital Kuala Lumpur']) {
      const refused = await save(operator, { companyName });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: SLUG_RESERVED_MESSAGE });
    }
    const viaTrpc = await operator.mutate('admin.configuration.update', form({ companyName: 'MERCY Malaysia' }));
    expect(viaTrpc.error).toMatchObject({ message: SLUG_RESERVED_MESSAGE, data: { code: 'BAD_REQUEST' } });
    expect(await slugOf(operator)).toBe('klinik-jujur');
    expect(translationsFor('ms').limits.slugReserved()).not.toBe(SLUG_RESERVED_MESSAGE);
  });

  it('gives no slug to a name without Latin letters or digits, so the URL uses the id', async () => {
    const operator = await signInNewOperator(t);
    const saved = await save(operator, { companyName: '心理诊所' });
    expect(saved.body).toMatchObject({ companyName: '心理诊所', companySlug: null });
  });

  it('answers 401 when signed out, on both transports', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/configuration', payload: form() })).statusCode).toBe(401);
    const anonymous = await t.app.inject('/trpc/admin.configuration.get');
    expect(anonymous.statusCode).toBe(401);
  });
});
