import { createHash } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { callerFor } from '../testing/caller';
import { sessionCookieFrom, startTestApp, type TestApp } from '../testing/test-app';
import { queueRequestedResetLinks } from './queue-reset-links';

/** Holds every query that reads the users table until released: a deliberately slow account lookup. */
function holdUserLookups(): KyselyPlugin & { release: () => void } {
  const held = new WeakSet<object>();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    transformQuery({ node, queryId }) {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"users"')) held.add(queryId);
      return node;
    },
    async transformResult({ queryId, result }) {
      if (held.has(queryId)) await released;
      return result;
    },
  };
}

const INVALID_LINK = { error: 'The reset link may be invalid or expired. Please request a new one.' };
const HOUR_MS = 3_600_000;

let serial = 0;

describe.each(TEST_DIALECTS)('password reset on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => new Date();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  /** A registered operator with a session cookie. */
  async function registerOperator() {
    serial += 1;
    const operator = { username: `reset-${serial}`, email: `reset-${serial}@klinik.example`, password: 'old-password' };
    // Each from its own address, to stay under the per-address sign-up limit.
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: operator, remoteAddress: `192.0.2.${serial}` });
    const cookie = sessionCookieFrom(registered)!;
    return { ...operator, cookie };
  }

  const resetMailsQueuedTo = async (email: string) => (await outboxEmailsTo(t.services.db, email)).filter((m) => m.kind === 'password-reset');

  /** The reset mails queued for `email` after a background pass turned the requests into links; there must be `count`. */
  async function resetMailsTo(email: string, count: number) {
    await queueRequestedResetLinks(t.services);
    const mails = await resetMailsQueuedTo(email);
    expect(mails).toHaveLength(count);
    return mails;
  }

  const pendingRequests = async () => (await t.services.db.selectFrom('password_reset_requests').select('email').execute()).map((row) => row.email);

  let lastAddress = 0;
  /** Requests a reset link, each from its own address to stay under the per-address limit, and reads the token from the queued mail. */
  async function requestToken(email: string): Promise<string> {
    const before = (await outboxEmailsTo(t.services.db, email)).filter((m) => m.kind === 'password-reset').length;
    const remoteAddress = `198.51.100.${++lastAddress}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/request-password-reset', payload: { email: email.toUpperCase() }, remoteAddress });
    expect(response.statusCode).toBe(200);
    const mail = (await resetMailsTo(email, before + 1)).at(-1)!;
    return new URL(/https:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  }

  it('queues a branded mail whose link is built from PUBLIC_URL, never from the Host header', async () => {
    const operator = await registerOperator();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { email: operator.email },
    });
    expect(response.json()).toEqual({ ok: true });
    const [mail] = await resetMailsTo(operator.email, 1);
    expect(mail).toMatchObject({ kind: 'password-reset', status: 'pending', subject: 'Reset your Minda password' });
    expect(mail!.text).toMatch(/^Minda\n/);
    expect(mail!.text).toMatch(new RegExp(`Hello ${operator.username},`));
    expect(mail!.text).toMatch(/https:\/\/minda\.test\/reset-password\?token=[\w-]{43}\b/);
    expect(mail!.html).toContain('href="https://minda.test/reset-password?token=');
    expect(mail!.text).not.toContain('evil.example');
  });

  it('stores only a SHA-256 hash of the 256-bit token, valid for one hour', async () => {
    const operator = await registerOperator();
    const before = Date.now();
    const token = await requestToken(operator.email);
    const rows = await t.services.db
      .selectFrom('password_reset_tokens')
      .innerJoin('accounts', 'accounts.id', 'password_reset_tokens.account_id')
      .select(['token_hash', 'expires_at'])
      .where('accounts.email', '=', operator.email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const expiresAt = new Date(rows[0]!.expires_at).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(HOUR_MS - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(HOUR_MS + 5000);
  });

  it('answers before looking the e-mail up, so a known address answers no later than an unknown one', async () => {
    const operator = await registerOperator();
    const served = t.services.db;
    const lookups = holdUserLookups();
    t.services.db = served.withPlugin(lookups);
    try {
      // With the account lookup held (and so no token written), only an answer sent before it can arrive.
      const answer = await Promise.race([
        post('/api/request-password-reset', { email: operator.email }),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
      ]);
      expect(answer === 'still waiting' ? answer : answer.json()).toEqual({ ok: true });
    } finally {
      lookups.release();
      t.services.db = served;
    }
    expect(await resetMailsTo(operator.email, 1)).toHaveLength(1);
  });

  it('writes a request down before answering, alike for a known and an unknown address, and keeps it only until a pass', async () => {
    const known = await registerOperator();
    await queueRequestedResetLinks(t.services); // what earlier tests left
    await post('/api/request-password-reset', { email: known.email });
    await post('/api/request-password-reset', { email: 'nobody-yet@klinik.example' });
    expect((await pendingRequests()).sort()).toEqual([known.email, 'nobody-yet@klinik.example'].sort());
    expect(await resetMailsQueuedTo(known.email)).toEqual([]);
    expect(await queueRequestedResetLinks(t.services)).toEqual({ queued: 1 });
    expect(await pendingRequests()).toEqual([]);
    expect(await resetMailsQueuedTo(known.email)).toHaveLength(1);
    expect(await outboxEmailsTo(t.services.db, 'nobody-yet@klinik.example')).toEqual([]);
  });

  it('queues one link for a request however many processes pass over it at once', async () => {
    const operator = await registerOperator();
    await queueRequestedResetLinks(t.services); // what earlier tests left
    await post('/api/request-password-reset', { email: operator.email });
    const other = connectDatabase(t.database.url);
    try {
      const passes = await Promise.all([t.services, { ...t.services, db: other.db }, t.services].map((deps) => queueRequestedResetLinks(deps)));
      expect(passes.reduce((sum, pass) => sum + pass.queued, 0)).toBe(1);
    } finally {
      await other.db.destroy();
    }
    expect(await resetMailsQueuedTo(operator.email)).toHaveLength(1);
  });

  it('keeps a request through a restart: a process that starts later queues its link', async () => {
    const operator = await registerOperator();
    await post('/api/request-password-reset', { email: operator.email });
    // The process that answered is gone before any pass; a new one connects to the same database.
    const restarted = connectDatabase(t.database.url);
    try {
      await queueRequestedResetLinks({ ...t.services, db: restarted.db });
    } finally {
      await restarted.db.destroy();
    }
    expect(await resetMailsQueuedTo(operator.email)).toHaveLength(1);
  });

  it('passes a lease that lapsed to the next pass, and never queues twice', async () => {
    const operator = await registerOperator();
    await queueRequestedResetLinks(t.services); // what earlier tests left
    await post('/api/request-password-reset', { email: operator.email });
    // A worker that leased the request and died: its lease runs out a minute later.
    await t.services.db.updateTable('password_reset_requests').set({ lease_owner: 'dead worker', lease_until: new Date(Date.now() + 60_000) }).execute();
    expect(await queueRequestedResetLinks(t.services)).toEqual({ queued: 0 });
    t.services.now = () => new Date(Date.now() + 61_000);
    expect(await queueRequestedResetLinks(t.services)).toEqual({ queued: 1 });
    expect(await queueRequestedResetLinks(t.services)).toEqual({ queued: 0 });
    expect(await resetMailsQueuedTo(operator.email)).toHaveLength(1);
  });

  it('answers an unknown e-mail exactly like a known one and queues nothing', async () => {
    const known = await registerOperator();
    const knownAnswer = await post('/api/request-password-reset', { email: known.email });
    const unknownAnswer = await post('/api/request-password-reset', { email: 'nobody@klinik.example' });
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
    expect(unknownAnswer.body).toBe(knownAnswer.body);
    expect(await outboxEmailsTo(t.services.db, 'nobody@klinik.example')).toEqual([]);
    const viaTrpc = await callerFor(t.services, { ip: `198.51.100.${++lastAddress}` }).auth.requestPasswordReset({ email: 'nobody@klinik.example' });
    expect(viaTrpc).toEqual({ ok: true });
  });

  it('sets the new password, ends every existing session and mails a notice of the change', async () => {
    const operator = await registerOperator();
    const secondDevice = sessionCookieFrom(await post('/api/login', operator))!;
    const token = await requestToken(operator.email);

    const reset = await post('/api/reset-password', { token, password: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });

    for (const cookie of [operator.cookie, secondDevice]) {
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await post('/api/login', operator)).statusCode).toBe(401);
    expect((await post('/api/login', { ...operator, password: 'brand new password' })).statusCode).toBe(200);
    const notice = (await outboxEmailsTo(t.services.db, operator.email)).find((m) => m.kind === 'password-changed');
    expect(notice).toMatchObject({ subject: 'Your Minda password was changed', status: 'pending' });
    expect(notice!.text).toContain('https://minda.test/forgot-password');
  });

  it('refuses a second use of a link, and retires the other links once one was used', async () => {
    const operator = await registerOperator();
    const first = await requestToken(operator.email);
    const second = await requestToken(operator.email);
    expect((await post('/api/reset-password', { token: first, password: 'password-one' })).statusCode).toBe(200);

    const reused = await post('/api/reset-password', { token: first, password: 'password-two' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(INVALID_LINK);
    const other = callerFor(t.services).auth.resetPassword({ token: second, password: 'password-two' });
    await expect(other).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVALID_LINK.error });
    expect((await post('/api/login', { username: operator.username, password: 'password-one' })).statusCode).toBe(200);
  });

  it('refuses a link after its hour is over, by the injectable clock', async () => {
    const operator = await registerOperator();
    const token = await requestToken(operator.email);
    t.services.now = () => new Date(Date.now() + HOUR_MS + 1000);
    const expired = await post('/api/reset-password', { token, password: 'too-late-password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_LINK);
    // Just inside the hour, the same link still works.
    t.services.now = () => new Date(Date.now() + HOUR_MS - 60_000);
    expect((await post('/api/reset-password', { token, password: 'in-time-password' })).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link succeed', async () => {
    const operator = await registerOperator();
    const token = await requestToken(operator.email);
    const answers = await Promise.all([
      post('/api/reset-password', { token, password: 'first-racer' }),
      post('/api/reset-password', { token, password: 'second-racer' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'first-racer' : 'second-racer';
    expect((await post('/api/login', { username: operator.username, password: winner })).statusCode).toBe(200);
    const notices = (await outboxEmailsTo(t.services.db, operator.email)).filter((m) => m.kind === 'password-changed');
    expect(notices).toHaveLength(1);
  });

  it('refuses a common new password, or the account’s own username or e-mail, and keeps the link usable', async () => {
    const operator = await registerOperator();
    const token = await requestToken(operator.email);
    const common = await post('/api/reset-password', { token, password: 'Sunshine' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ password: ['This password is one of the most common ones. Please choose one that is harder to guess.'] });
    for (const name of [operator.username.toUpperCase(), operator.email]) {
      const same = await post('/api/reset-password', { token, password: name });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toEqual({ error: 'Password must not be your username or e-mail address.' });
    }
    expect((await post('/api/reset-password', { token, password: 'brand new password' })).statusCode).toBe(200);
  });

  it('refuses a made-up token and a short new password with readable messages', async () => {
    const madeUp = await post('/api/reset-password', { token: 'not-a-real-token', password: 'long enough' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual(INVALID_LINK);
    // ASVS 5.0 6.2.1: 8 characters at least, so 7 are refused.
    const short = await post('/api/reset-password', { token: 'whatever', password: 'Kx9#qz7' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: ['Password must be at least 8 characters'] });
  });
});
