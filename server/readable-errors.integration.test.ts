import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { startTestApp, type TestApp } from './testing/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(TEST_DIALECTS)('refusals in the caller’s language on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const rest = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const trpc = async (path: string, input: unknown, headers: Record<string, string> = {}) => {
    const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
    const response = await t.app.inject({ url: `/trpc/${path}?input=${encoded}`, headers });
    return (response.json() as { error: { json: { message: string; data: { fields?: unknown } } } }).error.json;
  };

  it('answers in English without a hint, and in Malay for Accept-Language ms or ms-MY', async () => {
    expect(await rest(`/api/public/configuration/${UNKNOWN_ID}`)).toEqual({ status: 404, body: { error: 'Configuration not found' } });
    for (const language of ['ms', 'ms-MY,en;q=0.8']) {
      expect(await rest(`/api/public/configuration/${UNKNOWN_ID}`, { 'accept-language': language })).toEqual({
        status: 404,
        body: { error: 'Konfigurasi tidak ditemui' },
      });
    }
    expect(await rest('/api/me', { 'accept-language': 'ms' })).toEqual({ status: 401, body: { error: 'Sila log masuk untuk meneruskan.' } });
  });

  it("puts the client's own header before Accept-Language", async () => {
    const headers = { 'x-minda-locale': 'en', 'accept-language': 'ms' };
    expect(await rest(`/api/public/configuration/${UNKNOWN_ID}`, headers)).toMatchObject({ body: { error: 'Configuration not found' } });
    expect(await trpc('public.configuration.byId', { id: UNKNOWN_ID }, { 'x-minda-locale': 'ms' })).toMatchObject({
      message: 'Konfigurasi tidak ditemui',
    });
  });

  it('answers the refusals of the HTTP layer in the caller’s language too', async () => {
    expect(await rest('/api/no-such-thing', { 'accept-language': 'ms' })).toEqual({
      status: 404,
      body: { error: 'Tiada titik akhir sedemikian: GET /api/no-such-thing' },
    });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://elsewhere.example', 'accept-language': 'ms' },
      payload: {},
    });
    expect({ status: crossSite.statusCode, body: crossSite.json() as unknown }).toEqual({
      status: 403,
      body: { error: 'Permintaan merentas tapak ditolak' },
    });
  });

  it('answers invalid input with a general sentence and the problems under each field, both in the caller’s language', async () => {
    expect(await rest('/api/public/configuration/not-a-uuid', { 'accept-language': 'ms' })).toEqual({
      status: 400,
      body: { error: 'Sila semak ruangan yang ditandakan.', fields: { id: ['mestilah id konfigurasi (UUID)'] } },
    });
    expect(await trpc('public.configuration.byId', { id: 'not-a-uuid' }, { 'x-minda-locale': 'ms' })).toMatchObject({
      message: 'Sila semak ruangan yang ditandakan.',
      data: { fields: { id: ['mestilah id konfigurasi (UUID)'] } },
    });
  });
});
