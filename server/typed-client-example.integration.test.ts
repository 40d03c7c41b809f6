import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from '../db/testing/fixtures';
import { describeScreener } from '../examples/typed-client';
import { startTestApp, type TestApp } from './testing/test-app';

describe("the README's typed-client example", () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await insertOperator(t.services.db, { companySlug: 'klinik-contoh' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('reads a screener configuration over HTTP through @trpc/client', async () => {
    expect(await describeScreener(baseUrl, 'klinik-contoh')).toBe('Klinik Test Screener (Combined, from age 18)');
  });
});
