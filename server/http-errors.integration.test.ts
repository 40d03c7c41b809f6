import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationsFor } from './translations';
import { startTestApp, type TestApp } from './testing/test-app';
import type { AppRouter } from './trpc/root';

describe('errors the HTTP layer answers before a procedure runs', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const client = (headers: Record<string, string> = {}) =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${baseUrl}/trpc`, transformer: superjson, headers })] });

  async function clientError(call: Promise<unknown>) {
    const error = await call.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    return error as TRPCClientError<AppRouter>;
  }

  it('reach the typed client as tRPC errors with their message: a body over the limit', async () => {
    const error = await clientError(client().auth.login.mutate({ username: 'demo', password: 'x'.repeat(300 * 1024) }));
    expect(error.message).toBe('Request body is too large');
    expect(error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
  });

  it('reach the typed client as tRPC errors with their message: a cross-site call', async () => {
    const error = await clientError(client({ origin: 'https://evil.example' }).auth.logout.mutate());
    expect(error.message).toBe(translationsFor('en').errors.crossSiteRefused());
    expect(error.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
  });

  it.each([
    ['a broken escape', '/api/public/configuration/%E0%A4%A', 400],
    ['an id longer than any id', `/api/public/configuration/${'x'.repeat(5000)}`, 414],
    ['a path under /api that names nothing', '/api/nothing/here', 404],
  ])('answer REST with { error } alone: %s', async (_case, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(Object.keys(response.json())).toEqual(['error']);
  });
});
