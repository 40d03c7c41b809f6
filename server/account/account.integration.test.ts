import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { DEFAULT_CONFIGURATION } from '../../domain/configuration';
import { sessionOptions } from '../session';
import { callerFor, CookieJar } from '../testing/caller';
import { sessionCookieFrom, startTestApp, type TestApp, trpcMutation } from '../testing/test-app';

let serial = 0;
/** A new operator's sign-up fields; names are unique within the run. */
const newOperator = () => {
  serial += 1;
  return { username: `Clinic.${serial}`, email: `Owner.${serial}@Klinik.Example`, password: 'a long passphrase, kept whole' };
};

describe.each(TEST_DIALECTS)('operator accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const restPost = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
  const restMe = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
  let lastAddress = 0;
  /** A browser calling the procedures in-process with its own cookie jar, from its own address (under the per-address sign-up limit). */
  const browser = (jar = new CookieJar()) => callerFor(t.services, { jar, ip: `192.0.2.${++lastAddress}` });

  it('registers over REST with 201, signs the operator in, and answers them on /api/me', async () => {
    const operator = newOperator();
    const response = await restPost('/api/register', operator);
    expect(response.statusCode).toBe(201);
    const account = response.json();
    expect(account).toEqual({ id: expect.any(String), username: operator.username.toLowerCase(), email: operator.email.toLowerCase() });
    const cookie = sessionCookieFrom(response)!;
    expect(response.cookies).toEqual([expect.objectContaining({ name: '__Host-minda_session', httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })]);
    const me = await restMe(cookie);
    expect(me.statusCode).toBe(200);
    // The person, then their place: a new sign-up owns the clinic it made, its address not yet verified.
    expect(me.json()).toEqual({ ...account, clinicId: expect.any(String), role: 'owner', psychologistId: null, twoFactorSetupRequired: false, ownerEmailVerified: false, clinics: [expect.objectContaining({ role: 'owner' })] });
  });

  it('registers over tRPC too, creating the default screener configuration without a slug', async () => {
    const operator = newOperator();
    const caller = browser();
    const account = await caller.auth.register(operator);
    expect(await caller.admin.account.me()).toMatchObject({ ...account, role: 'owner' });
    const configuration = await t.services.db
      .selectFrom('screener_configurations')
      .select(['test_type', 'app_title', 'app_description', 'minimum_age', 'company_name', 'company_slug', 'enable_malay_translation'])
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(configuration).toEqual({
      test_type: DEFAULT_CONFIGURATION.testType,
      app_title: DEFAULT_CONFIGURATION.appTitle,
      app_description: DEFAULT_CONFIGURATION.appDescription,
      minimum_age: DEFAULT_CONFIGURATION.minimumAge,
      company_name: null,
      company_slug: null,
      enable_malay_translation: 0,
    });
  });

  it('refuses a taken username or e-mail, whatever its case, with a clear 409', async () => {
    const operator = newOperator();
    expect((await restPost('/api/register', operator)).statusCode).toBe(201);

    const sameName = await restPost('/api/register', { ...newOperator(), username: operator.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: 'That username is already taken' });

    const sameEmail = browser().auth.register({ ...newOperator(), email: operator.email.toUpperCase() });
    await expect(sameEmail).rejects.toMatchObject({ code: 'CONFLICT', message: 'An account with that e-mail already exists' });
  });

  it('gives exactly one of two simultaneous sign-ups with the same username the account', async () => {
    const first = newOperator();
    const second = { ...newOperator(), username: first.username };
    const [a, b] = await Promise.all([restPost('/api/register', first), restPost('/api/register', second)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json()).toEqual({ error: 'That username is already taken' });
  });

  it("explains invalid sign-up fields with the sign-up form's messages", async () => {
    const response = await restPost('/api/register', { username: 'ab', email: 'not-an-email', password: 'Kx9#qz7' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      username: ['Username must be at least 3 characters'],
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters'],
    });
  });

  it('refuses a common password, or one equal to the username or e-mail, on sign-up in readable words', async () => {
    const common = await restPost('/api/register', { ...newOperator(), password: 'iloveyou' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ password: ['This password is one of the most common ones. Please choose one that is harder to guess.'] });
    // The fields of the 400 body are what the transport sends: over HTTP.
    for (const same of [(o: ReturnType<typeof newOperator>) => o.username.toUpperCase(), (o: ReturnType<typeof newOperator>) => o.email]) {
      const operator = newOperator();
      const response = await trpcMutation(t.app, 'auth.register', { ...operator, password: same(operator) });
      expect(response.status).toBe(400);
      expect(response.error?.data.fields).toEqual({ password: ['Password must not be your username or e-mail address.'] });
    }
  });

  it('signs in with any case of the username over both transports; the passphrase is compared whole', async () => {
    const operator = newOperator();
    await restPost('/api/register', operator);
    const rest = await restPost('/api/login', { username: operator.username.toUpperCase(), password: operator.password });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ username: operator.username.toLowerCase() });
    expect((await restMe(sessionCookieFrom(rest)!)).statusCode).toBe(200);

    const caller = browser();
    await caller.auth.login({ username: operator.username, password: operator.password });
    expect(await caller.admin.account.me()).toMatchObject({ username: operator.username.toLowerCase() });

    const truncated = await restPost('/api/login', { username: operator.username, password: operator.password.slice(0, -1) });
    expect(truncated.statusCode).toBe(401);
  });

  it('answers an unknown username and a wrong password with the same status and words', async () => {
    const operator = newOperator();
    await restPost('/api/register', operator);
    const wrongPassword = await restPost('/api/login', { username: operator.username, password: 'not the password' });
    const unknownUser = await restPost('/api/login', { username: 'nobody-by-this-name', password: operator.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'Invalid username or password' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(sessionCookieFrom(wrongPassword)).toBeUndefined();

    const viaTrpc = browser().auth.login({ username: 'nobody-by-this-name', password: 'x' });
    await expect(viaTrpc).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
  });

  it('logs out over REST: the cookie is cleared and a copy taken before no longer works; other devices stay in', async () => {
    const operator = newOperator();
    const copied = sessionCookieFrom(await restPost('/api/register', operator))!;
    const otherDevice = sessionCookieFrom(await restPost('/api/login', operator))!;
    const response = await restPost('/api/logout', undefined, copied);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(sessionCookieFrom(response)).toBe('__Host-minda_session=');
    expect((await restMe(copied)).statusCode).toBe(401);
    // Logging out ends this session; "sign out everywhere" is the one that ends them all.
    expect((await restMe(otherDevice)).statusCode).toBe(200);
  });

  it('logs out over tRPC, and answers ok when already signed out', async () => {
    const jar = new CookieJar();
    const caller = browser(jar);
    await caller.auth.register(newOperator());
    const { name, value } = jar.get(sessionOptions(t.services.env).cookieName)!;
    expect(await caller.auth.logout()).toEqual({ ok: true });
    // A copy of the cookie taken before the logout no longer signs in.
    const copied = browser(CookieJar.holding(`${name}=${value}`));
    await expect(copied.admin.account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await browser().auth.logout()).toEqual({ ok: true });
  });
});
