import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { hashPassword } from '../auth/passwords';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { sessionCookieFrom, startTestApp, type TestApp, trpcMutation } from '../testing/test-app';

const PASSWORD = 'a long passphrase, kept whole';
const NEW_PASSWORD = 'another passphrase, as long';

describe.each(TEST_DIALECTS)('changing one’s own password on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.services.now = () => new Date();
  });

  let serial = 0;
  let lastAddress = 0;
  // Each request from an address of its own, so only the per-account limit is met.
  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, remoteAddress: `198.51.100.${++lastAddress % 250}`, ...(payload && { payload }), headers: cookie ? { cookie } : {} });
  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
  const signIn = async (m: { username: string }, password = PASSWORD) => post('/api/login', { username: m.username, password });

  /** A member signed up (so signed in), and signed in on a second device. */
  async function member() {
    serial += 1;
    const credentials = { username: `changer-${serial}`, email: `changer-${serial}@klinik.example`, password: PASSWORD };
    const cookie = sessionCookieFrom(await post('/api/register', credentials))!;
    const laptop = sessionCookieFrom(await signIn(credentials))!;
    return { ...credentials, cookie, laptop };
  }

  it('sets the new password with the current one, keeps this session, ends the others and mails a notice', async () => {
    const m = await member();
    const changed = await post('/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, m.cookie);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true });
    expect((await me(m.cookie)).statusCode).toBe(200);
    expect((await me(m.laptop)).statusCode).toBe(401);
    expect((await signIn(m)).statusCode).toBe(401);
    expect((await signIn(m, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await outboxEmailsTo(t.services.db, m.email)).map((mail) => mail.kind)).toContain('password-changed');
  });

  it('is the same use case over tRPC', async () => {
    const m = await member();
    expect(await trpcMutation(t.app, 'admin.account.changePassword', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, m.cookie)).toMatchObject({ status: 200, data: { ok: true } });
    expect((await me(m.laptop)).statusCode).toBe(401);
    expect((await trpcMutation(t.app, 'admin.account.changePassword', { currentPassword: NEW_PASSWORD, newPassword: PASSWORD })).status).toBe(401);
  });

  it('refuses a wrong current password under its field, in the caller’s language, and changes nothing', async () => {
    const m = await member();
    const wrong = await post('/api/account/password', { currentPassword: 'not the password', newPassword: NEW_PASSWORD }, m.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: ['This is not your current password.'] });
    const malay = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
      headers: { cookie: m.cookie, 'accept-language': 'ms' },
    });
    expect(malay.json().fields).toEqual({ currentPassword: ['Ini bukan kata laluan semasa anda.'] });
    expect((await me(m.laptop)).statusCode).toBe(200);
    expect((await signIn(m)).statusCode).toBe(200);
  });

  it('counts a wrong current password as a wrong guess at the account: past the limit even sign-in waits', async () => {
    const m = await member();
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccount;
    for (let guess = 0; guess < limit; guess += 1) {
      expect((await post('/api/account/password', { currentPassword: `guess ${guess}`, newPassword: NEW_PASSWORD }, m.cookie)).statusCode).toBe(400);
    }
    expect((await post('/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, m.cookie)).statusCode).toBe(429);
    expect((await signIn(m)).statusCode).toBe(429);
  });

  it('asks 8 characters of the new password, while a shorter old one still signs in until it is changed', async () => {
    const m = await member();
    const short = 'Kx9#qz7';
    await t.services.db.updateTable('accounts').set({ password_hash: await hashPassword(short) }).where('username', '=', m.username).execute();
    const signedIn = await signIn(m, short);
    expect(signedIn.statusCode).toBe(200);
    const refused = await post('/api/account/password', { currentPassword: short, newPassword: 'Kx9#qz8' }, sessionCookieFrom(signedIn));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ newPassword: ['Password must be at least 8 characters'] });
    expect((await post('/api/account/password', { currentPassword: short, newPassword: NEW_PASSWORD }, sessionCookieFrom(signedIn))).statusCode).toBe(200);
  });
});
