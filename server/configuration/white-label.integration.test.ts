import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { STOCK_CONSENT_TEXTS } from '../../domain/configuration';
import { MAX_LOGO_BYTES } from '../../domain/logo-file';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { translationsFor } from '../translations';
import { brandOfOperator } from '../appointments/booking-notifications';
import { bookingClientEmail } from '../mail/booking-emails';
import { appointmentFacts } from '../testing/appointment-facts';
import { deliverDueEmails } from '../mail/outbox-worker';
import { type OperatorCalls, signInNewOperator } from '../testing/signed-in-operator';
import { decodeQuotedPrintable, headerOf } from '../testing/smtp-capture';
import { type SmtpTestApp, startSmtpTestApp } from '../testing/smtp-test-app';

const form = (overrides: Record<string, unknown> = {}) => ({
  testType: 'DASS-21',
  appTitle: 'Semakan Kesejahteraan Klinik Sejahtera',
  appDescription: '',
  logoUrl: null,
  companyName: 'Klinik Sejahtera',
  minimumAge: 16,
  ...STOCK_CONSENT_TEXTS,
  enableMalayTranslation: true,
  aiInsightsEnabled: true,
  ...overrides,
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4" fill="#2e6962"/></svg>';

const facts = (email: string, language: 'en' | 'ms') =>
  appointmentFacts({ id: '3f0e4c1a-9d2b-4c6e-8f7a-1b2c3d4e5f61', status: 'confirmed', revision: 1, client: { ...appointmentFacts().client, email, language } });

describe.each(TEST_DIALECTS)('white label on %s', (dialect) => {
  let t: SmtpTestApp;
  beforeAll(async () => {
    t = await startSmtpTestApp(dialect);
  });
  afterAll(() => t.close());

  const upload = (operator: OperatorCalls, body: Buffer | string, language = 'en') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/configuration/logo',
      headers: { cookie: operator.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/octet-stream', 'accept-language': language },
      payload: body,
    });

  it('takes a PNG logo and serves it with its type, nosniff, a strict CSP, cache headers and an ETag', async () => {
    const operator = await signInNewOperator(t);
    const saved = await upload(operator, PNG);
    expect(saved.statusCode).toBe(200);
    const { uploadedLogoUrl } = saved.json() as { uploadedLogoUrl: string };
    expect(uploadedLogoUrl).toMatch(new RegExp(`^/api/public/logo/${operator.configurationId}\\?v=[0-9a-f]{16}$`));
    const publicConfiguration = (await t.app.inject(`/api/public/configuration/${operator.configurationId}`)).json() as { uploadedLogoUrl: string };
    expect(publicConfiguration.uploadedLogoUrl).toBe(uploadedLogoUrl);

    const served = await t.app.inject(uploadedLogoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ url: uploadedLogoUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('keeps an SVG only sanitised, served under a CSP that runs no script', async () => {
    const operator = await signInNewOperator(t);
    const { uploadedLogoUrl } = (await upload(operator, SVG)).json() as { uploadedLogoUrl: string };
    const served = await t.app.inject(uploadedLogoUrl);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toContain('<rect width="4" height="4" fill="#2e6962"></rect>');
    expect(served.body).not.toMatch(/script|onload|alert/);
  });

  it('refuses an oversized file with a readable 413 and a wrong type with a readable 415, in the caller’s language', async () => {
    const operator = await signInNewOperator(t);
    const tooLarge = await upload(operator, Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: expect.any(String) });
    const wrong = await upload(operator, Buffer.from('GIF89a……'), 'ms');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toEqual({ error: 'Fail ini bukan imej PNG, JPEG, WebP atau SVG. Pilih logo dalam salah satu format itu.' });
    expect((await upload(operator, '<svg><script>alert(1)</script>')).statusCode).toBe(200);
    expect((await upload(operator, '<html><script>alert(1)</script></html>')).statusCode).toBe(415);
    // Removing it leaves no logo to serve.
    expect((await operator.rest('DELETE', '/api/configuration/logo')).status).toBe(200);
    expect((await t.app.inject(`/api/public/logo/${operator.configurationId}`)).statusCode).toBe(404);
  });

  it('bounds logo uploads per clinic, refused files included, without slowing another clinic', async () => {
    const { limit, windowMinutes } = DEFAULT_RATE_LIMITS.logoUploadsPerClinic;
    // At the start of a window, so the count does not roll over mid-test.
    const windowMs = windowMinutes * 60_000;
    const windowStart = new Date(Math.ceil(Date.now() / windowMs) * windowMs + 1000);
    t.services.now = () => windowStart;
    try {
      const busy = await signInNewOperator(t);
      const answers = [];
      for (let i = 0; i < limit; i++) answers.push((await upload(busy, i % 2 ? PNG : 'not an image')).statusCode);
      expect(answers).toEqual(Array.from({ length: limit }, (_, i) => (i % 2 ? 200 : 415)));
      const refused = await upload(busy, PNG, 'ms');
      expect([refused.statusCode, refused.json()]).toEqual([429, { error: translationsFor('ms').errors.tooManyAttempts() }]);
      expect((await upload(await signInNewOperator(t), PNG)).statusCode).toBe(200);
    } finally {
      t.services.now = () => new Date();
    }
  });

  it('refuses a colour that reads below WCAG AA with the ratio, and keeps a readable one', async () => {
    const operator = await signInNewOperator(t);
    const refused = await operator.rest('PUT', '/api/configuration', form({ primaryColor: '#FFD700' }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/primaryColor.*too hard to read.*1\.\d:1.*4\.5:1/);
    const saved = await operator.rest('PUT', '/api/configuration', form({ primaryColor: '#1D4ED8' }));
    expect(saved.body).toMatchObject({ primaryColor: '#1d4ed8' });
    // A form that leaves it out keeps it.
    expect((await operator.rest('PUT', '/api/configuration', form())).body).toMatchObject({ primaryColor: '#1d4ed8' });
    // The embed's button takes it from a style sheet any page may load.
    const style = await t.app.inject(`/embed/${operator.configurationId}/style.css`);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(style.body).toContain('.minda-popup-button.minda-popup-button{background:#1d4ed8}');
    expect((await t.app.inject('/embed/no-such-clinic/style.css')).body).toBe('');
  });

  it('refuses to hide “Powered by Minda” without a subscription', async () => {
    const operator = await signInNewOperator(t);
    const refused = await operator.rest('PUT', '/api/configuration', form({ hidePoweredBy: true }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('hidePoweredBy');
  });

  it('shows “Powered by Minda” again once the paid subscription lapses, and hides it again when it is paid', async () => {
    const operator = await signInNewOperator(t);
    await t.services.db
      .insertInto('subscriptions')
      .values({ user_id: operator.userId, stripe_customer_id: `cus_${operator.userId}`, stripe_subscription_id: `sub_${operator.userId}`, status: 'incomplete', updated_at: new Date() })
      .execute();
    // As the Stripe webhook records it (server/billing/record-stripe-event.ts).
    const subscription = (status: string) => t.services.db.updateTable('subscriptions').set({ status }).where('user_id', '=', operator.userId).execute();
    const shown = async () => {
      // What the Stripe webhook's change reaches within CONFIGURATION_TTL_MS; here at once.
      t.services.configurations.forgetAll();
      const byId = await t.app.inject(`/api/public/configuration/${operator.configurationId}`);
      expect(byId.statusCode).toBe(200);
      return (byId.json() as { hidePoweredBy: boolean }).hidePoweredBy;
    };
    await subscription('active');
    expect((await operator.rest('PUT', '/api/configuration', form({ hidePoweredBy: true }))).status).toBe(200);
    expect(await shown()).toBe(true);

    for (const lapsed of ['past_due', 'unpaid', 'canceled']) {
      await subscription(lapsed);
      expect(await shown(), lapsed).toBe(false);
    }
    // The clinic's choice is kept, and counts again once it pays.
    expect((await operator.rest('GET', '/api/configuration')).body).toMatchObject({ hidePoweredBy: true });
    await subscription('active');
    expect(await shown()).toBe(true);
  });

  it('sends a clinic’s mail in its name, its colour and, in Malay, its Malay texts; never “Minda”', async () => {
    const operator = await signInNewOperator(t);
    await operator.rest('PUT', '/api/configuration', form({ companyName: null, appTitle: 'Wellbeing Check "Sejahtera"', appTitleMs: 'Semakan Sejahtera', primaryColor: '#1d4ed8' }));
    const screener = (await findConfigurationOfOperator(t.services.db, operator.userId))!;
    const brand = brandOfOperator(screener, 'hello@klinik.example', t.services.env);
    const now = new Date();
    for (const language of ['en', 'ms'] as const) {
      const to = `visitor-${language}-${operator.userId}@example.com`;
      await enqueueEmail(t.services.db, { kind: 'booking-client', to, ...bookingClientEmail(facts(to, language), brand, now, 'https://minda.test/m/x') }, now);
    }
    await deliverDueEmails(t.services);
    const raw = (language: string) => t.smtp.messages.find((m) => m.to.includes(`visitor-${language}-${operator.userId}@example.com`))!.raw;

    // nodemailer quotes the name and escapes the quotes inside it.
    expect(headerOf(raw('en'), 'From')).toBe('"Wellbeing Check \\"Sejahtera\\"" <no-reply@minda.local>');
    expect(headerOf(raw('ms'), 'From')).toBe('Semakan Sejahtera <no-reply@minda.local>');
    const malay = decodeQuotedPrintable(raw('ms'));
    expect(malay).toContain('Semakan Sejahtera');
    expect(decodeQuotedPrintable(raw('en'))).toContain('background:#1d4ed8');
    for (const language of ['en', 'ms']) expect(decodeQuotedPrintable(raw(language))).not.toMatch(/minda(?!\.local|\.test)/i);
  });
});
