import { unsealData } from 'iron-session';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions } from '../../db/repositories/operator-sessions';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { hashSecretToken } from '../auth/secret-tokens';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS, type AdminSessionData, sessionOptions } from '../session';
import { callerFor } from '../testing/caller';
import { sessionCookieFrom, startTestApp, type TestApp, trpcMutation, trpcQuery } from '../testing/test-app';

let serial = 0;
const newOperator = () => {
  serial += 1;
  return { username: `session-${serial}`, email: `session-${serial}@klinik.example`, password: 'a long passphrase, kept whole' };
};
const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('operator sessions on %s', (dialect) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => new Date(clock);
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock = Date.now();
  });

  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, ...(payload && { payload }), headers: cookie ? { cookie } : {} });
  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
  const signIn = async (operator: { username: string; password: string }) => sessionCookieFrom(await post('/api/login', operator))!;
  const register = async () => {
    const operator = newOperator();
    const cookie = sessionCookieFrom(await post('/api/register', operator))!;
    return { ...operator, cookie };
  };

  it('keeps only the hash of a random 256-bit session id in the database', async () => {
    const operator = await register();
    const sealed = operator.cookie.split('=')[1]!;
    const { sessionId } = await unsealData<AdminSessionData>(sealed, { password: t.services.env.sessionSecret });
    expect(Buffer.from(sessionId!, 'base64url')).toHaveLength(32);
    const rows = await t.services.db.selectFrom('operator_sessions').select('id_hash').where('id_hash', 'in', [sessionId!, hashSecretToken(sessionId!)]).execute();
    expect(rows).toEqual([{ id_hash: hashSecretToken(sessionId!) }]);
  });

  it('gives every sign-in its own session, which its logout alone ends', async () => {
    const operator = await register();
    const laptop = await signIn(operator);
    expect(laptop).not.toBe(operator.cookie);
    await post('/api/logout', undefined, laptop);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(operator.cookie)).statusCode).toBe(200);
  });

  it('signs out everywhere over REST: every session of the operator ends, no one else’s', async () => {
    const operator = await register();
    const laptop = await signIn(operator);
    const someoneElse = await register();
    const response = await post('/api/logout-everywhere', undefined, operator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(sessionCookieFrom(response)).toBe('__Host-minda_session=');
    for (const cookie of [operator.cookie, laptop]) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(someoneElse.cookie)).statusCode).toBe(200);
  });

  it('signs out everywhere over tRPC, and only a signed-in operator may', async () => {
    const operator = await register();
    const laptop = await signIn(operator);
    expect(await trpcMutation(t.app, 'admin.account.logoutEverywhere', undefined, laptop)).toMatchObject({ status: 200, data: { ok: true } });
    expect((await trpcQuery(t.app, 'admin.account.me', undefined, operator.cookie)).status).toBe(401);
    expect((await trpcMutation(t.app, 'admin.account.logoutEverywhere', undefined)).status).toBe(401);
  });

  it('ends a session left idle for two hours, and keeps one in use alive', async () => {
    const idle = await register();
    const busy = await register();
    for (let elapsed = 0; elapsed <= SESSION_IDLE_TIMEOUT_MS; elapsed += 30 * MINUTE) {
      clock = Date.now() + elapsed;
      expect((await me(busy.cookie)).statusCode).toBe(200);
    }
    clock = Date.now() + SESSION_IDLE_TIMEOUT_MS + MINUTE;
    expect((await me(idle.cookie)).statusCode).toBe(401);
    expect((await me(busy.cookie)).statusCode).toBe(200);
  });

  it('ends every session twelve hours after sign-in, however busy', async () => {
    const operator = await register();
    const start = Date.now();
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_LIFETIME_MS; elapsed += 60 * MINUTE) {
      clock = start + elapsed;
      expect((await me(operator.cookie)).statusCode).toBe(200);
    }
    clock = start + SESSION_ABSOLUTE_LIFETIME_MS;
    expect((await me(operator.cookie)).statusCode).toBe(401);
  });

  it('purges expired sessions and only those', async () => {
    const expired = await register();
    clock = Date.now() + SESSION_IDLE_TIMEOUT_MS - MINUTE;
    const live = await register();
    clock = Date.now() + SESSION_IDLE_TIMEOUT_MS;
    expect(await deleteExpiredSessions(t.services.db, t.services.now())).toBeGreaterThanOrEqual(1);
    const owners = await t.services.db
      .selectFrom('operator_sessions')
      .innerJoin('accounts', 'accounts.id', 'operator_sessions.account_id')
      .select('accounts.username')
      .where('accounts.username', 'in', [expired.username, live.username])
      .execute();
    expect(owners).toEqual([{ username: live.username }]);
  });

  it('marks every answer that reads the session no-store, over REST and tRPC', async () => {
    const operator = await register();
    expect((await me(operator.cookie)).headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ url: '/api/psychologists', headers: { cookie: operator.cookie } });
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/appointments' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const viaTrpc = await t.app.inject({ url: '/trpc/admin.configuration.get', headers: { cookie: operator.cookie } });
    expect(viaTrpc.headers['cache-control']).toBe('no-store');
    expect((await post('/api/login', operator)).headers['cache-control']).toBe('no-store');
  });
});

describe('the session cookie', () => {
  const env = (publicUrl: string, nodeEnv: string) =>
    ({ publicUrl, nodeEnv, sessionSecret: 'test-secret-that-is-at-least-32-characters-long' }) as Parameters<typeof sessionOptions>[0];

  it('is Secure and __Host- prefixed whenever the public address is https, whatever NODE_ENV says', () => {
    for (const nodeEnv of ['development', 'test', 'production']) {
      const options = sessionOptions(env('https://klinik.example', nodeEnv));
      expect(options.cookieName).toBe('__Host-minda_session');
      expect(options.cookieOptions).toMatchObject({ secure: true, path: '/' });
      expect(options.cookieOptions).not.toHaveProperty('domain');
    }
  });

  it('is neither over plain http, where a browser would drop a Secure cookie', () => {
    const options = sessionOptions(env('http://localhost:5173', 'production'));
    expect(options.cookieName).toBe('minda_session');
    expect(options.cookieOptions).toMatchObject({ secure: false });
  });
});

describe.each(TEST_DIALECTS)('a session in-process on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('is kept by the caller’s cookie jar from sign-in to sign-out', async () => {
    const caller = callerFor(t.services);
    const operator = newOperator();
    const account = await caller.auth.register(operator);
    await expect(caller.admin.account.me()).resolves.toMatchObject(account);
    await caller.auth.logout();
    await expect(caller.admin.account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
