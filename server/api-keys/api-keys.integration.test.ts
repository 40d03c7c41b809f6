import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertOperator, insertProfileData } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { sessionCookie, startTestApp, type TestApp, trpcQuery } from '../testing/test-app';

/** Calls a key may make in the tests' window; the flood below goes past it. */
const KEY_CALLS = 6;

describe.each(TEST_DIALECTS)('API keys on %s', (dialect) => {
  let t: TestApp;
  let clinicId: string;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, apiKeyCalls: { limit: KEY_CALLS, windowMinutes: 1 } } });
    clinicId = (await insertOperator(t.services.db)).userId;
    await insertProfileData(t.services.db, clinicId, 1);
    owner = await sessionCookie(t.services, clinicId);
  });
  afterAll(() => t.close());

  async function createKey(payload: Record<string, unknown>, cookie = owner) {
    return t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie }, payload });
  }
  async function newKey(name: string, scopes = ['appointments:read'], expiresAt?: string) {
    const response = await createKey({ name, scopes, expiresAt });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().key as string;
  }
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('shows a new key once, stores only its hash, and lists it without the key', async () => {
    const response = await createKey({ name: 'Practice manager', scopes: ['appointments:read', 'schedule'], expiresAt: '2031-01-01T00:00:00Z' });
    expect(response.statusCode).toBe(201);
    const { key, keys } = response.json();
    expect(key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    const listed = keys.find((entry: { name: string }) => entry.name === 'Practice manager');
    expect(listed).toMatchObject({ scopes: ['appointments:read', 'schedule'], expiresAt: '2031-01-01T00:00:00.000Z', revokedAt: null, lastUsedAt: null, prefix: key.slice(0, 10) });

    const list = await t.app.inject({ url: '/api/api-keys', headers: { cookie: owner } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    const row = await t.services.db.selectFrom('api_keys').selectAll().where('id', '=', listed.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('lets an admin manage keys, and refuses a receptionist, a key, and a scope that does not exist (results among them)', async () => {
    const admin = await sessionCookie(t.services, (await insertMember(t.services.db, { clinicId, role: 'admin' })).accountId, clinicId);
    expect((await createKey({ name: 'By the admin', scopes: ['insights:read'] }, admin)).statusCode).toBe(201);
    const receptionist = await sessionCookie(t.services, (await insertMember(t.services.db, { clinicId, role: 'receptionist' })).accountId, clinicId);
    expect((await createKey({ name: 'Nope', scopes: ['insights:read'] }, receptionist)).statusCode).toBe(403);

    const key = await newKey('Cannot make keys', ['appointments:read', 'appointments:write', 'schedule', 'insights:read']);
    const byKey = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: bearer(key), payload: { name: 'Child', scopes: ['schedule'] } });
    expect([byKey.statusCode, byKey.json().error]).toEqual([403, 'An API key cannot call this operation. It needs a signed-in member of the clinic.']);
    expect((await t.app.inject({ url: '/api/api-keys', headers: bearer(key) })).statusCode).toBe(403);

    const results = await createKey({ name: 'Results', scopes: ['results:read'] });
    expect(results.statusCode).toBe(400);
    expect(results.json().fields['scopes.0'][0]).toContain('appointments:read');
    expect((await createKey({ name: 'None', scopes: [] })).json().fields).toEqual({ scopes: ['choose at least one scope'] });
    const past = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner, 'accept-language': 'ms' }, payload: { name: 'Past', scopes: ['schedule'], expiresAt: '2020-01-01T00:00:00Z' } });
    expect([past.statusCode, past.json().fields]).toEqual([400, { expiresAt: ['mestilah pada masa hadapan'] }]);
  });

  it('records its use: the last use to the minute, every change and at most one read a minute in the audit log', async () => {
    const key = await newKey('Spreadsheet sync', ['appointments:read', 'appointments:write']);
    const { appointmentId } = await insertProfileData(t.services.db, clinicId, 2);
    const at = new Date('2030-05-01T03:00:00Z');
    const realNow = t.services.now;
    const callAt = async (seconds: number, method: 'GET' | 'POST', url: string) => {
      t.services.now = () => new Date(at.getTime() + seconds * 1000);
      try {
        const response = await t.app.inject({ method, url, headers: bearer(key) });
        expect(response.statusCode, response.body).toBe(200);
      } finally {
        t.services.now = realNow;
      }
    };
    const lastUsedAt = async () =>
      (await t.app.inject({ url: '/api/api-keys', headers: { cookie: owner } })).json().find((entry: { name: string }) => entry.name === 'Spreadsheet sync').lastUsedAt;
    const uses = async () =>
      ((await t.app.inject({ url: '/api/audit-log', headers: { cookie: owner } })).json() as { apiKey: string | null; operation: string; action: string }[])
        .filter((entry) => entry.apiKey === 'Spreadsheet sync')
        .map((entry) => entry.operation)
        .sort();

    await callAt(0, 'GET', '/api/appointments?status=requested');
    expect(await lastUsedAt()).toBe(at.toISOString());
    expect(await uses()).toEqual(['GET /api/appointments']);
    expect((await t.app.inject({ url: '/api/audit-log', headers: { cookie: owner } })).json()).toContainEqual(
      expect.objectContaining({ actor: 'api-key', apiKey: 'Spreadsheet sync', action: 'api-key.used', operation: 'GET /api/appointments', member: null }),
    );
    // Within the minute: reads write nothing, a change is audited all the same.
    await callAt(20, 'GET', '/api/appointments');
    await callAt(30, 'GET', '/api/appointments/today');
    await callAt(40, 'POST', `/api/appointments/${appointmentId}/confirm`);
    expect(await lastUsedAt()).toBe(at.toISOString());
    expect(await uses()).toEqual(['GET /api/appointments', `POST /api/appointments/${appointmentId}/confirm`]);
    // A minute on, the next read moves the last use and is audited.
    await callAt(61, 'GET', '/api/appointments/today');
    expect(await lastUsedAt()).toBe(new Date(at.getTime() + 61_000).toISOString());
    expect(await uses()).toEqual(['GET /api/appointments', 'GET /api/appointments/today', `POST /api/appointments/${appointmentId}/confirm`]);
  });

  it("keeps a key's Idempotency-Key in its clinic: a retry replays the first answer without acting again", async () => {
    const { appointmentId } = await insertProfileData(t.services.db, clinicId, 3);
    const key = await newKey('Retrying sync', ['appointments:write']);
    const confirm = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/appointments/${appointmentId}/confirm`, headers: { ...bearer(key), ...headers } });
    const first = await confirm({ 'idempotency-key': 'sync-confirm-1' });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await confirm({ 'idempotency-key': 'sync-confirm-1' });
    expect([retry.statusCode, retry.headers['idempotent-replayed'], retry.body]).toEqual([200, 'true', first.body]);
    // Without the key the same call acts again, and the booking is confirmed already.
    expect((await confirm({})).statusCode).toBe(409);
    // A replay is admitted as the call would be: once the key may only read, it is refused too.
    await t.services.db.updateTable('api_keys').set({ scopes: 'appointments:read' }).where('name', '=', 'Retrying sync').execute();
    const narrowed = await confirm({ 'idempotency-key': 'sync-confirm-1' });
    expect([narrowed.statusCode, narrowed.headers['idempotent-replayed']]).toEqual([403, undefined]);
    expect(narrowed.json().error).toContain('appointments:write');
  });

  it('answers 401 with a readable reason once a key is revoked or expired, or was never issued', async () => {
    const revokedKey = await newKey('Old CRM');
    const { id } = (await t.app.inject({ url: '/api/api-keys', headers: { cookie: owner } })).json().find((entry: { name: string }) => entry.name === 'Old CRM');
    expect((await t.app.inject({ url: '/api/appointments', headers: bearer(revokedKey) })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: { cookie: owner } });
    expect(revoked.json().find((entry: { id: string }) => entry.id === id).revokedAt).not.toBeNull();
    const afterRevoke = await t.app.inject({ url: '/api/appointments', headers: bearer(revokedKey) });
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().error).toMatch(/^The API key “Old CRM” was revoked on \d{4}-\d{2}-\d{2}\. Ask the clinic for a new one\.$/);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: { cookie: owner } })).statusCode).toBe(404);

    const expiring = await newKey('Trial', ['appointments:read'], new Date(Date.now() + 60_000).toISOString());
    expect((await t.app.inject({ url: '/api/appointments', headers: bearer(expiring) })).statusCode).toBe(200);
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + 120_000);
    try {
      const expired = await t.app.inject({ url: '/api/appointments', headers: { ...bearer(expiring), 'accept-language': 'ms' } });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toMatch(/^Kunci API “Trial” telah tamat tempoh pada \d{4}-\d{2}-\d{2}\./);
    } finally {
      t.services.now = realNow;
    }

    const unknown = await t.app.inject({ url: '/api/appointments', headers: bearer('mk_never-issued') });
    expect([unknown.statusCode, unknown.json().error]).toEqual([401, 'This API key is not valid. Check that it was copied whole, or ask the clinic for a new one.']);
  });

  it('never works on /trpc, even beside a signed-in cookie', async () => {
    const key = await newKey('Not for tRPC');
    const alone = await t.app.inject({ url: '/trpc/admin.appointments.list?input=%7B%22json%22%3A%7B%7D%7D', headers: bearer(key) });
    expect(alone.statusCode).toBe(401);
    expect(alone.json().error.json.message).toBe('API keys work on the REST API under /api only, not on /trpc.');
    const withCookie = await t.app.inject({ url: '/trpc/admin.appointments.list?input=%7B%22json%22%3A%7B%7D%7D', headers: { ...bearer(key), cookie: owner } });
    expect(withCookie.statusCode).toBe(401);
    // The cookie alone still works there: the refusal is the key's.
    expect((await trpcQuery(t.app, 'admin.apiKeys.list', undefined, owner)).status).toBe(200);
  });

  it("refuses a key on a browser's cross-site request, and a key sent with the session cookie", async () => {
    const key = await newKey('Server only');
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
      const response = await t.app.inject({ url: '/api/appointments', headers: { ...bearer(key), ...headers } });
      expect([response.statusCode, response.json().error]).toEqual([403, 'Cross-site request refused']);
    }
    const both = await t.app.inject({ url: '/api/appointments', headers: { ...bearer(key), cookie: owner } });
    expect([both.statusCode, both.json().error]).toEqual([400, 'Send either an API key or a signed-in session cookie, not both.']);
    // A server's call names no site; another cookie (a load balancer's) is no session.
    expect((await t.app.inject({ url: '/api/appointments', headers: { ...bearer(key), cookie: 'lb=abc' } })).statusCode).toBe(200);
  });

  it("bounds each key's calls on its own: a flooding key gets 429, the clinic's other key and its people do not", async () => {
    const flooding = await newKey('Looping sync');
    const other = await newKey('Calm sync');
    // Mid-minute on a fixed clock, so the flood stays in one window.
    const realNow = t.services.now;
    const mid = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
    t.services.now = () => mid;
    try {
      const statuses: number[] = [];
      for (let call = 0; call < KEY_CALLS + 4; call++) statuses.push((await t.app.inject({ url: '/api/appointments/today', headers: bearer(flooding) })).statusCode);
      expect(statuses).toEqual([...Array<number>(KEY_CALLS).fill(200), 429, 429, 429, 429]);
      const refused = await t.app.inject({ url: '/api/appointments/today', headers: bearer(flooding) });
      expect(refused.json().error).toBe('Too many calls with this API key. Please wait a minute and try again.');
      expect((await t.app.inject({ url: '/api/appointments/today', headers: bearer(other) })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/appointments/today', headers: { cookie: owner } })).statusCode).toBe(200);
      // A minute on, the key works again.
      t.services.now = () => new Date(mid.getTime() + 60_000);
      expect((await t.app.inject({ url: '/api/appointments/today', headers: bearer(flooding) })).statusCode).toBe(200);
    } finally {
      t.services.now = realNow;
    }
  });
});
