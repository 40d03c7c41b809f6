import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { translationsFor } from '../translations';
import { PAIR_PUBLIC_URL, type ServerPair, startServerPair } from '../testing/server-pair';
import type { ServerProcess } from '../testing/spawn-server';

const { errors } = translationsFor('en');

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('two server processes sharing one %s database', (dialect) => {
  let pair: ServerPair;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    pair = await startServerPair(dialect);
    [a, b] = pair.servers;
  });
  afterAll(() => pair?.stop());

  /** A JSON call to one process from the visitor at `address`, as the browser sends it. */
  async function call(server: ServerProcess, method: string, path: string, options: { body?: object; cookie?: string; address?: string } = {}) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: PAIR_PUBLIC_URL,
        'x-forwarded-for': options.address ?? '2001:db8:2::1',
        ...(options.body && { 'content-type': 'application/json' }),
        ...(options.cookie && { cookie: options.cookie }),
      },
      body: options.body && JSON.stringify(options.body),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-minda_session='))?.split(';')[0];
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
  }

  it('honours a session started on one process on the other, and a logout on one revokes it on both', async () => {
    const operator = { username: 'two-process-operator', email: 'two-process@klinik.example', password: 'a-long-enough-password' };
    expect((await call(a, 'POST', '/api/register', { body: operator })).status).toBe(201);
    const login = await call(a, 'POST', '/api/login', { body: { username: operator.username, password: operator.password } });
    expect(login.status).toBe(200);

    expect(await call(b, 'GET', '/api/me', { cookie: login.cookie })).toMatchObject({ status: 200, body: { username: operator.username } });
    expect((await call(a, 'POST', '/api/logout', { cookie: login.cookie })).status).toBe(200);
    expect((await call(b, 'GET', '/api/me', { cookie: login.cookie })).status).toBe(401);
    expect((await call(a, 'GET', '/api/me', { cookie: login.cookie })).status).toBe(401);
  });

  it('counts login attempts across both processes: the eleventh wrong password is refused on either', async () => {
    const guess = { username: 'someone-else', password: 'wrong-password' };
    const address = '2001:db8:2::11';
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await call(attempt % 2 === 0 ? a : b, 'POST', '/api/login', { body: guess, address });
      expect(response, `attempt ${attempt + 1}`).toMatchObject({ status: 401, body: { error: errors.invalidCredentials() } });
    }
    for (const server of [a, b]) {
      expect(await call(server, 'POST', '/api/login', { body: guess, address })).toMatchObject({ status: 429, body: { error: errors.tooManyAttempts() } });
    }
  });

  it('sends each queued mail once while both processes run their outbox workers', async () => {
    const operators = await Promise.all(Array.from({ length: 8 }, () => insertOperator(pair.database.db)));
    const emails = operators.map((operator) => `${operator.username}@clinic.example`);
    const requests = emails.map((email, i) =>
      call(i % 2 === 0 ? a : b, 'POST', '/api/request-password-reset', { body: { email }, address: `2001:db8:2::${(0x100 + i).toString(16)}` }),
    );
    for (const response of await Promise.all(requests)) expect(response.status).toBe(200);

    const delivered = () => pair.smtp.messages.filter((m) => emails.some((email) => m.to.includes(email)));
    await expect.poll(() => delivered().length, { timeout: 15_000 }).toBe(emails.length);
    // Both workers poll every 2 s: after another round of each, still nothing went out twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (const email of emails) expect(delivered().filter((m) => m.to.includes(email)), email).toHaveLength(1);
  });
});
