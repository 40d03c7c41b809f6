import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { writeBuiltInInsights } from '../insights/built-in-writer';
import { createInsightsService } from '../insights/insights-service';
import type { Screening } from '../insights/screening';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai';
import { type SilentServer, startSilentServer } from '../testing/silent-server';
import { freePort } from '../testing/spawn-server';
import { startTestApp, type TestApp } from '../testing/test-app';

const TIMEOUT_MS = 300;
/** What a visitor may wait beyond the model's timeout: the built-in writer and the HTTP round trip. */
const SLACK_MS = 1_500;
const PARALLEL_VISITORS = 24;

const DASS21 = { depression: { score: 14, level: 'moderate' }, anxiety: { score: 8, level: 'mild' }, stress: { score: 20, level: 'moderate' } } as const;
const COMBINED = { whooley: { score: 1, level: 'positive' }, phq9: { score: 9, level: 'mild' }, gad7: { score: 14, level: 'moderate' } } as const;

/** Visitors of both tests and both languages, each with the screening the built-in writer would get. */
function visitor(i: number): { url: string; screening: Screening } {
  const language = i % 4 < 2 ? 'en' : 'ms';
  return i % 2 === 0
    ? { url: '/api/analyze', screening: { test: 'dass21', results: DASS21, followUpAnswers: [], language } as Screening }
    : { url: '/api/analyze-combined', screening: { test: 'combined', results: COMBINED, language } as Screening };
}

describe.each(TEST_DIALECTS)('AI insights while the model is slow or gone, on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let silent: SilentServer;
  let silentPort: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    fake = await startFakeOpenAi();
    silentPort = await freePort();
    silent = await startSilentServer(silentPort);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await silent.close();
  });

  const upstreams: [string, () => Promise<string>][] = [
    ['takes the request and never answers', async () => (fake.reply(() => 'hang'), fake.baseUrl)],
    ['sends headers and then stalls mid-body', async () => (fake.reply(() => 'stall'), fake.baseUrl)],
    ['accepts connections and never speaks', async () => `http://127.0.0.1:${silentPort}/v1`],
    ['refuses connections', async () => `http://127.0.0.1:${await freePort()}/v1`],
  ];

  it.each(upstreams)(
    `answers ${PARALLEL_VISITORS} visitors at once with the built-in writer within the budget when the model %s`,
    async (_case, upstream) => {
      t.services.insights = createInsightsService({ apiKey: 'sk-test', model: 'fake-model', baseUrl: await upstream(), timeoutMs: TIMEOUT_MS });
      const started = performance.now();
      const responses = await Promise.all(
        Array.from({ length: PARALLEL_VISITORS }, async (_, i) => {
          const { url, screening } = visitor(i);
          const response = await t.app.inject({ method: 'POST', url, remoteAddress: `198.51.100.${i + 1}`, payload: { results: screening.results, language: screening.language } });
          return { response, expected: writeBuiltInInsights(screening) };
        }),
      );
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      for (const { response, expected } of responses) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual(expected);
      }
    },
  );
});
