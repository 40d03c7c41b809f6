import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { startTestApp, type TestApp } from './testing/test-app';

/** Issue 24: a wrong HTTP method is the caller's mistake, said as such, never "something went wrong on our side". */
describe.each(TEST_DIALECTS)('a wrong HTTP method on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, language = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.services.env.publicUrl, 'content-type': 'application/json', 'accept-language': language },
      ...(method === 'GET' ? {} : { payload: '{}' }),
    });

  it('answers 405 on /trpc with a sentence that says so, in the caller’s language, and the method that works', async () => {
    const english = 'This address does not take that HTTP method: a query is read with GET, and a change is sent with POST.';
    const wrong: [Parameters<typeof call>[0], string, string][] = [
      ['GET', '/trpc/public.screenerEvents?input=%7B%7D', 'POST'],
      ['PUT', '/trpc/public.screenerEvents', 'POST'],
      ['DELETE', '/trpc/admin.webhooks.register', 'POST'],
      ['POST', '/trpc/public.configuration.byId', 'GET'],
      ['PATCH', '/trpc/public.configuration.byId', 'GET'],
    ];
    for (const [method, url, allow] of wrong) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.json().error.json).toMatchObject({ message: english, data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 } });
    }
    expect((await call('PUT', '/trpc/public.screenerEvents', 'ms')).json().error.json.message).toBe(
      'Alamat ini tidak menerima kaedah HTTP itu: pertanyaan dibaca dengan GET, dan perubahan dihantar dengan POST.',
    );
  });

  it('answers 405 on a REST path asked with a method it does not take, naming those it does', async () => {
    const put = await call('PUT', '/api/webhooks');
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
    expect(put.json()).toEqual({ error: '/api/webhooks does not take PUT. It takes GET, POST.' });
    const inMalay = await call('PATCH', '/api/webhooks/00000000-0000-4000-8000-000000000000', 'ms');
    expect(inMalay.statusCode).toBe(405);
    expect(inMalay.json()).toEqual({ error: '/api/webhooks/00000000-0000-4000-8000-000000000000 tidak menerima PATCH. Ia menerima DELETE.' });
    // A path that is no route's is still not found.
    expect((await call('PUT', '/api/no-such-thing')).statusCode).toBe(404);
  });
});
