import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { signInNewOperator } from './testing/signed-in-operator';
import { startTestApp, type TestApp, trpcMutation } from './testing/test-app';

const REFUSED = { error: 'Cross-site request refused' };
const NOT_JSON = { error: 'A request body must be JSON (Content-Type: application/json)' };
const wrongLogin = JSON.stringify({ username: 'nobody-here', password: 'whatever' });

describe.each(TEST_DIALECTS)('cross-site request refusal on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const login = (headers: Record<string, string>, payload = wrongLogin) =>
    t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', ...headers }, payload });

  it('refuses a state-changing call from a foreign or opaque Origin', async () => {
    for (const origin of ['https://evil.example', 'http://minda.test', 'https://minda.test.evil.example', 'null']) {
      const response = await login({ origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
  });

  it('refuses a call the browser marks as cross-site or same-site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await login({ 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(403);
    }
    const viaTrpc = await trpcMutation(t.app, 'auth.logout', undefined, undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(viaTrpc.status).toBe(403);
  });

  it('lets same-origin calls and calls without browser headers through', async () => {
    const sameOrigin = await login({ origin: 'https://minda.test', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(401);
    expect((await login({ 'sec-fetch-site': 'none' })).statusCode).toBe(401);
    expect((await login({})).statusCode).toBe(401);
    const viaTrpc = await trpcMutation(t.app, 'auth.logout', undefined, undefined, {
      headers: { origin: 'https://minda.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(viaTrpc).toMatchObject({ status: 200, data: { ok: true } });
  });

  it('refuses a body that is not JSON, as an HTML form would send it', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await login({ 'content-type': type });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual(NOT_JSON);
    }
    const trpcAsText = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'text/plain' },
      payload: wrongLogin,
    });
    expect(trpcAsText.statusCode).toBe(415);
    expect((await login({ 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(401);
  });

  it('leaves reads and the Stripe webhook to their own checks', async () => {
    const read = await t.app.inject({ url: '/api/me', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(401);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { origin: 'https://stripe.example', 'content-type': 'text/plain' },
      payload: 'signed payload',
    });
    expect(webhook.statusCode).not.toBe(403);
    expect(webhook.statusCode).not.toBe(415);
  });

  it('refuses a cross-site logo upload, and a form’s body on the logo’s raw-body route, storing nothing', async () => {
    const operator = await signInNewOperator(t);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const upload = (method: 'PUT' | 'POST', url: string, headers: Record<string, string>) =>
      t.app.inject({ method, url, headers: { cookie: operator.cookie, 'content-type': 'image/png', ...headers }, payload: png });
    // What another site's script or form can send with the clinic's cookie.
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreign) {
      for (const url of ['/api/configuration/logo', '/api/configuration/logo?v=1']) {
        const response = await upload('PUT', url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual(REFUSED);
      }
    }
    // The body types an HTML form can send are refused on it as everywhere, even from our own origin.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await upload('PUT', '/api/configuration/logo', { origin: t.services.env.publicUrl, 'content-type': type });
      expect(response.statusCode, type).toBe(415);
    }
    const stored = await t.services.db.selectFrom('screener_configurations').select('logo_data').where('user_id', '=', operator.userId).executeTakeFirstOrThrow();
    expect(stored.logo_data).toBeNull();
    // The same upload from the admin page is taken.
    expect((await upload('PUT', '/api/configuration/logo', { origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
