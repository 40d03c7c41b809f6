import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { STOCK_CONSENT_TEXTS } from '../../domain/configuration';
import { type OperatorCalls, signInNewOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp, trpcMutation } from '../testing/test-app';

const form = (overrides: Record<string, unknown> = {}) => ({
  testType: 'DASS-21',
  appTitle: 'Klinik Setia Check',
  appDescription: '',
  logoUrl: null,
  companyName: null,
  minimumAge: 16,
  ...STOCK_CONSENT_TEXTS,
  enableMalayTranslation: true,
  aiInsightsEnabled: true,
  ...overrides,
});

const CONTACT = { name: 'Klinik Setia duty psychologist', phone: '03-2345 6789', whatsApp: '+60 12-345 6789' };

describe.each(TEST_DIALECTS)('the clinic’s crisis contact on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const save = (operator: OperatorCalls, overrides: Record<string, unknown>) => operator.rest('PUT', '/api/configuration', form(overrides));
  const publicConfiguration = async (operator: { configurationId: string }) =>
    (await t.app.inject(`/api/public/configuration/${operator.configurationId}`)).json() as { crisisContact: unknown };
  /** A save over REST in the caller's language, as the admin page sends it. */
  const saveIn = async (language: string, operator: OperatorCalls, overrides: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration',
      headers: { cookie: operator.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'accept-language': language },
      payload: form(overrides),
    });
    return { status: response.statusCode, body: response.json() as unknown };
  };

  it('saves the contact over REST and reads it back, for the operator and in the public configuration', async () => {
    const operator = await signInNewOperator(t);
    expect((await publicConfiguration(operator)).crisisContact).toBeNull();
    const saved = await save(operator, { crisisContact: { ...CONTACT, name: `  ${CONTACT.name} ` } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ crisisContact: CONTACT });
    expect((await operator.rest('GET', '/api/configuration')).body).toMatchObject({ crisisContact: CONTACT });
    expect((await publicConfiguration(operator)).crisisContact).toEqual(CONTACT);
  });

  it('saves a WhatsApp-only contact over tRPC, keeps it when a form leaves it out, and removes it with null', async () => {
    const operator = await signInNewOperator(t);
    const whatsAppOnly = { name: 'Klinik Setia', phone: '', whatsApp: '012-345 6789' };
    const saved = await operator.mutate('admin.configuration.update', form({ crisisContact: whatsAppOnly }));
    expect(saved.status).toBe(200);
    expect((await operator.query('admin.configuration.get')).data).toMatchObject({
      crisisContact: { name: 'Klinik Setia', phone: null, whatsApp: '012-345 6789' },
    });

    // A client from before the contact sends none: the saved one stays.
    expect((await save(operator, { appTitle: 'Renamed' })).body).toMatchObject({ crisisContact: { whatsApp: '012-345 6789' } });
    expect((await save(operator, { crisisContact: null })).body).toMatchObject({ crisisContact: null });
    expect((await publicConfiguration(operator)).crisisContact).toBeNull();
  });

  it('refuses an invalid number readably in English and Malay, on both transports, and changes nothing', async () => {
    const operator = await signInNewOperator(t);
    await save(operator, { crisisContact: CONTACT });
    const before = (await operator.rest('GET', '/api/configuration')).body;
    const invalid = { crisisContact: { ...CONTACT, whatsApp: '+65 9123 4567' } };

    expect(await saveIn('en', operator, invalid)).toEqual({
      status: 400,
      body: { error: 'Please check the highlighted fields.', fields: { 'crisisContact.whatsApp': ['Please enter a valid Malaysian phone number'] } },
    });
    expect(await saveIn('ms-MY,en;q=0.8', operator, invalid)).toEqual({
      status: 400,
      body: {
        error: 'Sila semak ruangan yang ditandakan.',
        fields: { 'crisisContact.whatsApp': ['Sila masukkan nombor telefon Malaysia yang sah'] },
      },
    });
    const viaTrpc = await trpcMutation(t.app, 'admin.configuration.update', form({ crisisContact: { ...CONTACT, phone: '', whatsApp: null } }), operator.cookie, {
      headers: { 'x-minda-locale': 'ms' },
    });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.data.fields).toEqual({ 'crisisContact.phone': ['berikan nombor telefon, nombor WhatsApp atau kedua-duanya'] });
    const claimed = await saveIn('en', operator, { crisisContact: { ...CONTACT, name: 'Talian HEAL' } });
    expect(claimed.body).toMatchObject({
      fields: { 'crisisContact.name': ['must not be the name of a national crisis line, a public hospital or a Ministry of Health service'] },
    });

    expect((await operator.rest('GET', '/api/configuration')).body).toEqual(before);
    expect((await publicConfiguration(operator)).crisisContact).toEqual(CONTACT);
  });
});
