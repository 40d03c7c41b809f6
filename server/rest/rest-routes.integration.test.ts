import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { sealedSessionCookie, sessionCookie, startTestApp, type TestApp, trpcQuery } from '../testing/test-app';
import { listProcedures } from '../trpc/root';
import { REST_ROUTES } from './routes';

const access = new Map(listProcedures().map((p) => [p.path as string, p.access]));
const takesNoInput = new Set(listProcedures().filter((p) => !p.hasInput).map((p) => p.path as string));
const concrete = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => (name.toLowerCase().endsWith('id') ? '00000000-0000-4000-8000-000000000000' : 'x'));

describe('the REST route table', () => {
  it('maps every route to a procedure that exists', () => {
    for (const route of REST_ROUTES) expect(access.has(route.procedure), route.procedure).toBe(true);
  });

  it('has no two routes on the same method and path', () => {
    const keys = REST_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.each(TEST_DIALECTS)('the HTTP edge on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers every operator route with 401 when signed out, before reading the input', async () => {
    for (const route of REST_ROUTES.filter((r) => access.get(r.procedure) === 'operator')) {
      const response = await t.app.inject({
        method: route.method,
        url: concrete(route.path),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
      expect(response.json()).toEqual({ error: 'Please sign in to continue.' });
    }
  });

  it('answers an empty call on every public route with a readable 4xx (a 2xx if it takes no input), never a 5xx', async () => {
    for (const route of REST_ROUTES.filter((r) => access.get(r.procedure) === 'public')) {
      const response = await t.app.inject({
        method: route.method,
        url: concrete(route.path),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const label = `${route.method} ${route.path}`;
      if (takesNoInput.has(route.procedure) && response.statusCode < 300) continue;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(typeof response.json().error, label).toBe('string');
    }
  });

  it('answers 401 on /api/me when signed out, and the operator when the session is current', async () => {
    const signedOut = await t.app.inject('/api/me');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'Please sign in to continue.' });

    const operator = await insertOperator(t.services.db);
    const current = await sessionCookie(t.services, operator.userId);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: current } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: operator.userId, username: operator.username, email: `${operator.username}@clinic.example`, role: 'owner', clinicId: operator.userId });
    expect((await trpcQuery(t.app, 'admin.account.me', undefined, current)).data).toEqual(me.json());
  });

  it('refuses a cookie sealed with the right secret that names no live session', async () => {
    // What a leaked SESSION_SECRET lets anyone make: it still signs no one in.
    const forged = await sealedSessionCookie(t.services, { sessionId: 'made-up-session-id' });
    const response = await t.app.inject({ url: '/api/me', headers: { cookie: forged } });
    expect(response.statusCode).toBe(401);
  });

  it('answers malformed JSON, wrong body types and unknown endpoints with readable 4xx JSON', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/not valid JSON/);

    const arrayBody = await t.app.inject({ method: 'PUT', url: '/api/psychologists/abc', payload: [1, 2] });
    expect(arrayBody.statusCode).toBe(400);
    expect(arrayBody.json()).toEqual({ error: 'The request body must be a JSON object' });

    const unknown = await t.app.inject('/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No such endpoint: GET /api/no-such-thing' });
  });

  it('serves an OpenAPI document listing every REST route with its input schema', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>> };
    for (const route of REST_ROUTES) {
      expect(doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]).toBeDefined();
    }
    expect(doc.paths['/api/public/configuration/{id}']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
  });

  it('reports a healthy database on /healthz', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });
});
