import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { countHit } from '../../db/repositories/rate-limit-counters';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { buildApp } from '../app';
import { startTestApp, type TestApp, trpcMutation } from '../testing/test-app';
import { createHash } from 'node:crypto';
import { type RateLimits, subjectDigest } from './rate-limits';

const TIGHT_LIMITS: RateLimits = {
  loginPerIp: { limit: 4, windowMinutes: 15 },
  loginPerAccount: { limit: 2, windowMinutes: 15 },
  registerPerIp: { limit: 2, windowMinutes: 60 },
  registerPerEmail: { limit: 1, windowMinutes: 60 },
  passwordResetPerIp: { limit: 3, windowMinutes: 60 },
  passwordResetPerEmail: { limit: 1, windowMinutes: 60 },
  bookingPerIp: { limit: 2, windowMinutes: 10 },
  analyzePerIp: { limit: 2, windowMinutes: 10 },
};
/** A fixed clock at the start of an hour, so no test straddles the end of a window. */
const HOUR_START = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000);
const TOO_MANY = { error: 'Too many attempts. Please wait a few minutes and try again.' };

let lastIp = 0;
/** Each test comes from its own addresses, so their counts never mix. */
const newIp = () => `203.0.113.${++lastIp}`;

describe.each(TEST_DIALECTS)('rate limits on %s', (dialect) => {
  let t: TestApp;
  const operator = { username: 'limited', email: 'limited@klinik.example', password: 'right password' };
  beforeAll(async () => {
    t = await startTestApp(dialect, { rateLimits: TIGHT_LIMITS });
    t.services.now = () => HOUR_START;
    await post('/api/register', operator, newIp());
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => HOUR_START;
  });

  function post(url: string, payload: object, remoteAddress: string) {
    return t.app.inject({ method: 'POST', url, payload, remoteAddress });
  }
  const login = (password: string, ip: string, username = operator.username) => post('/api/login', { username, password }, ip);

  it('counts a new window from one, also on a connection that just counted another', async () => {
    const window = (bucket: string) => ({ bucket, windowStart: HOUR_START, expiresAt: new Date(HOUR_START.getTime() + 60_000) });
    const counts = await t.services.db.connection().execute(async (connection) => {
      const seen: number[] = [];
      for (const bucket of ['first', 'first', 'first', 'second', 'second']) seen.push(await countHit(connection, dialect, window(bucket)));
      return seen;
    });
    expect(counts).toEqual([1, 2, 3, 1, 2]);
  });

  it('refuses sign-in to one account from one address after its limit, even with the right password', async () => {
    const ip = newIp();
    expect((await login('wrong', ip)).statusCode).toBe(401);
    expect((await login('wrong', ip)).statusCode).toBe(401);
    const refused = await login(operator.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    const viaTrpc = await trpcMutation(t.app, 'admin.account.login', operator, undefined, { remoteAddress: ip });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.error).toMatchObject({ message: TOO_MANY.error, data: { code: 'TOO_MANY_REQUESTS' } });
    // The operator, signing in from elsewhere, is not locked out by someone guessing.
    expect((await login(operator.password, newIp())).statusCode).toBe(200);
  });

  it('refuses one address cycling through usernames after the per-address limit', async () => {
    const ip = newIp();
    for (let i = 0; i < 4; i++) expect((await login('guess', ip, `someone-${i}`)).statusCode).toBe(401);
    expect((await login(operator.password, ip)).statusCode).toBe(429);
  });

  it('counts afresh once the window has passed', async () => {
    const ip = newIp();
    await login('wrong', ip);
    await login('wrong', ip);
    expect((await login(operator.password, ip)).statusCode).toBe(429);
    t.services.now = () => new Date(HOUR_START.getTime() + 15 * 60_000);
    expect((await login(operator.password, ip)).statusCode).toBe(200);
  });

  it('limits sign-ups per address and per e-mail, creating nothing when refused', async () => {
    const ip = newIp();
    const account = (n: string) => ({ username: `signup-${n}`, email: `signup-${n}@klinik.example`, password: 'password' });
    expect((await post('/api/register', account('a'), ip)).statusCode).toBe(201);
    expect((await post('/api/register', account('b'), ip)).statusCode).toBe(201);
    expect((await post('/api/register', account('c'), ip)).json()).toEqual(TOO_MANY);
    const created = await t.services.db.selectFrom('users').select('id').where('username', '=', 'signup-c').execute();
    expect(created).toEqual([]);

    const sameEmail = await post('/api/register', { ...account('d'), email: account('a').email }, newIp());
    expect(sameEmail.statusCode).toBe(429);
  });

  it('limits reset requests per e-mail the same way whether or not the account exists', async () => {
    for (const email of [operator.email, 'nobody@klinik.example']) {
      expect((await post('/api/request-password-reset', { email }, newIp())).statusCode).toBe(200);
      const again = await post('/api/request-password-reset', { email }, newIp());
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual(TOO_MANY);
    }
  });

  it('limits reset requests per address', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/request-password-reset', { email: `reset-${i}@klinik.example` }, ip)).statusCode).toBe(200);
    }
    expect((await post('/api/request-password-reset', { email: 'reset-3@klinik.example' }, ip)).statusCode).toBe(429);
  });

  it('stores each subject as a digest keyed by the server secret, not as a bare SHA-256', async () => {
    const ip = newIp();
    await login('wrong', ip);
    const buckets = await t.services.db.selectFrom('rate_limit_counters').select('bucket').where('bucket', 'like', 'loginPerIp:%').execute();
    const stored = buckets.map((row) => row.bucket);
    expect(stored).toContain(`loginPerIp:${subjectDigest(t.services.env.sessionSecret, ip)}`);
    expect(stored).not.toContain(`loginPerIp:${createHash('sha256').update(ip).digest('hex')}`);
    expect(subjectDigest('another secret that is at least 32 characters', ip)).not.toBe(subjectDigest(t.services.env.sessionSecret, ip));
  });

  it('counts every address of one IPv6 /64 as one client, and an IPv4-mapped address as its IPv4', async () => {
    const sameNetwork = ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:db8:77:1:0:0:abcd:1', '2001:db8:77:1:ffff:ffff:ffff:ffff'];
    for (const [i, address] of sameNetwork.entries()) expect((await login('guess', address, `v6-${i}`)).statusCode).toBe(401);
    expect((await login(operator.password, '2001:db8:77:1::99')).statusCode).toBe(429);
    expect((await login(operator.password, '2001:db8:77:2::1')).statusCode).toBe(200);

    const ip = newIp();
    await login('wrong', ip);
    await login('wrong', `::ffff:${ip}`);
    expect((await login(operator.password, ip)).statusCode).toBe(429);
  });

  it('shares the counts with another server process on the same database', async () => {
    const other = connectDatabase(t.database.url);
    const otherApp = await buildApp({ ...t.services, db: other.db });
    try {
      const ip = newIp();
      await login('wrong', ip);
      await login('wrong', ip);
      const elsewhere = await otherApp.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: operator.username, password: operator.password },
        remoteAddress: ip,
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await otherApp.close();
      await other.db.destroy();
    }
  });
});
