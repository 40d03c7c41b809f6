import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { callerFor } from '../testing/caller';
import { startTestApp, type TestApp, trpcQuery } from '../testing/test-app';

describe.each(TEST_DIALECTS)('public screener configuration on %s', (dialect) => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof insertOperator>>;
  const slug = 'klinik-sejahtera';

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await insertOperator(t.services.db, { companySlug: slug });
  });
  afterAll(() => t.close());

  const expected = () => ({
    id: operator.configurationId,
    testType: 'Combined',
    appTitle: 'Klinik Test Screener',
    companySlug: slug,
    minimumAge: 18,
    logoUrl: 'https://clinic.example/logo.png',
    importantSectionContent: 'Important: custom text',
    enableMalayTranslation: true,
  });

  it('answers the same configuration by slug over REST and over tRPC', async () => {
    const rest = await t.app.inject(`/api/public/configuration/slug/${slug}`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject(expected());
    expect(rest.json()).not.toHaveProperty('userId');
    const viaTrpc = await trpcQuery(t.app, 'public.configuration.bySlug', { slug });
    expect(viaTrpc.data).toEqual(rest.json());
  });

  it('finds the clinic whatever the letter case of its slug, on both dialects', async () => {
    const rest = await t.app.inject(`/api/public/configuration/slug/${slug.toUpperCase()}`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ companySlug: slug });
  });

  it('answers the same configuration by id over REST and over tRPC', async () => {
    const rest = await t.app.inject(`/api/public/configuration/${operator.configurationId}`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject(expected());
    const viaTrpc = await trpcQuery(t.app, 'public.configuration.byId', { id: operator.configurationId });
    expect(viaTrpc.data).toEqual(rest.json());
  });

  it('answers 404 for an unknown slug or id, on both transports', async () => {
    const rest = await t.app.inject('/api/public/configuration/slug/no-such-clinic');
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toEqual({ error: 'Configuration not found' });
    const byId = await t.app.inject('/api/public/configuration/00000000-0000-4000-8000-000000000000');
    expect(byId.statusCode).toBe(404);
    const viaTrpc = callerFor(t.services).public.configuration.bySlug({ slug: 'no-such-clinic' });
    await expect(viaTrpc).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Configuration not found' });
  });

  it('rejects an id that is not a UUID with a readable 400 naming the field', async () => {
    const rest = await t.app.inject('/api/public/configuration/not-a-uuid');
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      error: 'Please check the highlighted fields.',
      fields: { id: ['must be a configuration id (UUID)'] },
    });
    // The fields of the 400 body are what the transport sends: over HTTP.
    const viaTrpc = await trpcQuery(t.app, 'public.configuration.byId', { id: 'not-a-uuid' });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.message).toBe('Please check the highlighted fields.');
    expect(viaTrpc.error?.data.fields).toEqual({ id: ['must be a configuration id (UUID)'] });
  });

  it('keeps answering on a slug the operator used before a rename', async () => {
    await t.services.db
      .insertInto('slug_redirects')
      .values({ slug: 'old-name', configuration_id: operator.configurationId, created_at: new Date() })
      .execute();
    const rest = await t.app.inject('/api/public/configuration/slug/old-name');
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ id: operator.configurationId, companySlug: slug });
  });
});
