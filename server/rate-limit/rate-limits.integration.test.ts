import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { countHit } from '../../db/repositories/rate-limit-counters';
import { outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { purgeFinishedLoginThrottles } from '../auth/login-throttle';
import { buildApp } from '../app';
import { startTestApp, type TestApp, trpcMutation } from '../testing/test-app';
import { createHash } from 'node:crypto';
import type { RateLimits } from './rate-limit-rules';
import { rateLimitBucket, subjectDigest } from './rate-limits';

const TIGHT_LIMITS: RateLimits = {
  loginPerIp: { limit: 4, windowMinutes: 15 },
  loginPerAccount: { limit: 2, windowMinutes: 15 },
  twoFactorPerIp: { limit: 4, windowMinutes: 15 },
  twoFactorPerAccount: { limit: 2, windowMinutes: 15 },
  registerPerIp: { limit: 2, windowMinutes: 60 },
  registerPerEmail: { limit: 1, windowMinutes: 60 },
  passwordResetPerIp: { limit: 3, windowMinutes: 60 },
  passwordResetPerEmail: { limit: 1, windowMinutes: 60 },
  emailVerificationPerAccount: { limit: 1, windowMinutes: 60 },
  invitationsPerClinic: { limit: 2, windowMinutes: 24 * 60 },
  invitationPreviewPerIp: { limit: 2, windowMinutes: 10 },
  logoUploadsPerClinic: { limit: 2, windowMinutes: 60 },
  bookingPerIp: { limit: 2, windowMinutes: 10 },
  bookingPaymentPerAppointment: { limit: 2, windowMinutes: 30 },
  bookingPaymentStatusPerIp: { limit: 2, windowMinutes: 10 },
  analyzePerIp: { limit: 2, windowMinutes: 10 },
  screenerEventsPerIp: { limit: 2, windowMinutes: 10 },
  screenerEventsPerIpPerDay: { limit: 4, windowMinutes: 24 * 60 },
  apiKeyCalls: { limit: 2, windowMinutes: 1 },
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

  let lastOperator = 0;
  /** An operator of its own, so one test's wrong passwords never slow another's sign-in. */
  async function newOperator() {
    const n = ++lastOperator;
    const account = { username: `throttled-${n}`, email: `throttled-${n}@klinik.example`, password: 'right password' };
    const registered = await post('/api/register', account, newIp());
    expect(registered.statusCode).toBe(201);
    return { ...account, id: (registered.json() as { id: string }).id };
  }
  const at = (msAfterStart: number) => {
    t.services.now = () => new Date(HOUR_START.getTime() + msAfterStart);
  };
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;

  it('refuses an account after its limit of wrong passwords from any number of addresses, even the right one', async () => {
    const account = await newOperator();
    expect((await login('wrong', newIp(), account.username)).statusCode).toBe(401);
    expect((await login('wrong', newIp(), account.username)).statusCode).toBe(401);
    const refused = await login(account.password, newIp(), account.username);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    const viaTrpc = await trpcMutation(t.app, 'auth.login', account, undefined, { remoteAddress: newIp() });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.error).toMatchObject({ message: TOO_MANY.error, data: { code: 'TOO_MANY_REQUESTS' } });
  });

  it('checks no more passwords for simultaneous guesses from many addresses than for guesses one by one', async () => {
    const account = await newOperator();
    const statuses = async (guesses: number) =>
      (await Promise.all(Array.from({ length: guesses }, (_, i) => login(`guess ${i}`, newIp(), account.username)))).map(
        (answer) => answer.statusCode,
      );
    const burst = await statuses(20);
    expect(burst.filter((status) => status === 401)).toHaveLength(TIGHT_LIMITS.loginPerAccount.limit);
    expect(burst.filter((status) => status === 429)).toHaveLength(20 - TIGHT_LIMITS.loginPerAccount.limit);
    at(MINUTE);
    const afterTheDelay = await statuses(5);
    expect(afterTheDelay.filter((status) => status === 401)).toHaveLength(1);
    expect(afterTheDelay.filter((status) => status === 429)).toHaveLength(4);
  });

  it('does not count a successful sign-in against the account', async () => {
    const account = await newOperator();
    const ip = newIp();
    for (const password of ['wrong', account.password, 'wrong']) await login(password, ip, account.username);
    expect((await login(account.password, ip, account.username)).statusCode).toBe(200);
  });

  it('lets the right password in once the delay after the last wrong one has passed, doubling it for each further wrong one', async () => {
    const account = await newOperator();
    await login('wrong', newIp(), account.username);
    await login('wrong', newIp(), account.username);
    at(59 * SECOND);
    expect((await login(account.password, newIp(), account.username)).statusCode).toBe(429);
    at(MINUTE);
    expect((await login('wrong again', newIp(), account.username)).statusCode).toBe(401);
    at(MINUTE + 2 * MINUTE - SECOND);
    expect((await login(account.password, newIp(), account.username)).statusCode).toBe(429);
    at(MINUTE + 2 * MINUTE);
    expect((await login(account.password, newIp(), account.username)).statusCode).toBe(200);
  });

  it('mails the owner once per run of wrong passwords, saying nothing of who tried or what', async () => {
    const account = await newOperator();
    const ip = newIp();
    for (let i = 0; i < 2; i++) await login(`guess ${i}`, ip, account.username);
    at(MINUTE);
    await login('guess 2', ip, account.username);
    const mails = (await outboxEmailsTo(t.services.db, account.email)).filter((m) => m.kind === 'login-throttled');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Wrong passwords for your Minda account', status: 'pending' });
    expect(mails[0]!.text).toContain('2 times in a row');
    for (const secret of [ip, 'guess', account.password]) expect(mails[0]!.text + mails[0]!.html).not.toContain(secret);
  });

  it('purges the wrong passwords of runs that are over, and keeps those still running', async () => {
    const over = await newOperator();
    await login('wrong', newIp(), over.username);
    at(10 * MINUTE);
    const running = await newOperator();
    await login('wrong', newIp(), running.username);
    at(15 * MINUTE);
    await purgeFinishedLoginThrottles(t.services);
    const kept = await t.services.db
      .selectFrom('login_throttles')
      .select('bucket')
      .where('bucket', 'in', [over, running].map((account) => rateLimitBucket(t.services.env.sessionSecret, 'loginPerAccount', `account:${account.id}`)))
      .execute();
    expect(kept).toEqual([{ bucket: rateLimitBucket(t.services.env.sessionSecret, 'loginPerAccount', `account:${running.id}`) }]);
  });

  it('refuses one address cycling through usernames after the per-address limit', async () => {
    const ip = newIp();
    for (let i = 0; i < 4; i++) expect((await login('guess', ip, `someone-${i}`)).statusCode).toBe(401);
    expect((await login(operator.password, ip)).statusCode).toBe(429);
  });

  it('counts afresh once the window has passed without a wrong password', async () => {
    const account = await newOperator();
    await login('wrong', newIp(), account.username);
    await login('wrong', newIp(), account.username);
    expect((await login(account.password, newIp(), account.username)).statusCode).toBe(429);
    at(15 * MINUTE);
    expect((await login('wrong', newIp(), account.username)).statusCode).toBe(401);
    expect((await login(account.password, newIp(), account.username)).statusCode).toBe(200);
  });

  it('limits sign-ups per address and per e-mail, creating nothing when refused', async () => {
    const ip = newIp();
    const account = (n: string) => ({ username: `signup-${n}`, email: `signup-${n}@klinik.example`, password: 'a fine password' });
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
      const account = await newOperator();
      await login('wrong', newIp(), account.username);
      await login('wrong', newIp(), account.username);
      const elsewhere = await otherApp.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: account.username, password: account.password },
        remoteAddress: newIp(),
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await otherApp.close();
      await other.db.destroy();
    }
  });
});
