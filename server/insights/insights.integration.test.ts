import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { translationsFor } from '../translations';
import { callerFor } from '../testing/caller';
import { completionWith, type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai';
import { signInNewOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp, trpcMutation } from '../testing/test-app';
import { analyzeDass21 } from './analyze-dass21';
import { writeBuiltInInsights } from './built-in-writer';
import { crisisRecommendation } from './crisis-guard';
import type { Analysis } from './analysis';
import { createInsightsService } from './insights-service';
import type { Screening } from './screening';

const DASS21_MODERATE = {
  depression: { score: 14, level: 'moderate' },
  anxiety: { score: 8, level: 'mild' },
  stress: { score: 20, level: 'moderate' },
} as const;
const DASS21_CRISIS = { ...DASS21_MODERATE, depression: { score: 28, level: 'extremelySevere' } } as const;
const COMBINED_MODERATE = {
  whooley: { score: 1, level: 'positive' },
  phq9: { score: 9, level: 'mild' },
  gad7: { score: 14, level: 'moderate' },
} as const;
const COMBINED_CRISIS = { ...COMBINED_MODERATE, phq9: { score: 16, level: 'moderatelySevere' } } as const;

const MODEL_ANALYSIS: Analysis = {
  summary: 'You have been under real pressure lately, and it shows in your answers.',
  recommendations: ['Take short breaks during the day.', 'Talk to a counsellor about your workload.'],
};
const TIMEOUT_MS = 300;

let lastIp = 0;
/** Each test comes from its own address, so the per-address limit never mixes tests. */
const newIp = () => `198.51.100.${++lastIp}`;

describe.each(TEST_DIALECTS)('AI insights on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let ip: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    // A fresh cache per test, talking to the fake through the real SDK.
    t.services.insights = createInsightsService({ apiKey: 'sk-test', model: 'fake-model', baseUrl: fake.baseUrl, timeoutMs: TIMEOUT_MS });
    t.services.rateLimits = DEFAULT_RATE_LIMITS;
    fake.calls.length = 0;
    fake.reply(() => ({ body: completionWith(JSON.stringify(MODEL_ANALYSIS)) }));
    ip = newIp();
  });

  const analyze = (payload: object) => t.app.inject({ method: 'POST', url: '/api/analyze', payload, remoteAddress: ip });
  const analyzeCombined = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/analyze-combined', payload, remoteAddress: ip });
  const dass21Screening = (language: 'en' | 'ms', results: Screening['results'] = DASS21_MODERATE): Screening =>
    ({ test: 'dass21', results, followUpAnswers: [], language }) as Screening;

  it('answers REST with exactly the model’s analysis, asked with store:false and a JSON schema', async () => {
    const response = await analyze({ results: DASS21_MODERATE, followUpResponses: [], language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(MODEL_ANALYSIS);
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call!.headers.authorization).toBe('Bearer sk-test');
    expect(call!.body).toMatchObject({
      model: 'fake-model',
      store: false,
      response_format: { type: 'json_schema', json_schema: { name: 'insights', strict: true } },
    });
    const [system, user] = call!.body.messages as { role: string; content: string }[];
    expect(system).toMatchObject({ role: 'system', content: expect.stringContaining('Write in English') });
    expect(JSON.parse(user!.content)).toMatchObject({
      crisisLevel: false,
      results: { depression: { score: 14, level: 'Moderate' }, anxiety: { score: 8, level: 'Mild' } },
    });
  });

  it('answers the tRPC procedures of both tests the same way, asking in Malay when the visitor reads Malay', async () => {
    const visitor = callerFor(t.services, { ip });
    expect(await visitor.public.analyze({ results: DASS21_MODERATE, language: 'ms' })).toEqual(MODEL_ANALYSIS);
    expect(await visitor.public.analyzeCombined({ results: COMBINED_MODERATE, language: 'en' })).toEqual(MODEL_ANALYSIS);
    const prompts = fake.calls.map((call) => (call.body.messages as { content: string }[]).map((m) => m.content));
    expect(prompts[0]![0]).toContain('Write in Bahasa Malaysia');
    expect(JSON.parse(prompts[1]![1]!).results).toEqual({
      whooley: { score: 1, level: 'Positive' },
      phq9: { score: 9, level: 'Mild' },
      gad7: { score: 14, level: 'Moderate' },
    });
  });

  it('asks no model for a screener whose operator switched AI insights off: the built-in writer answers', async () => {
    const slug = `klinik-tanpa-ai-${dialect}`;
    const operator = await signInNewOperator(t, { companySlug: slug });
    const configuration = (await operator.rest('GET', '/api/configuration')).body as Record<string, unknown>;
    expect(configuration.aiInsightsEnabled).toBe(true);
    const saved = await operator.rest('PUT', '/api/configuration', { ...configuration, aiInsightsEnabled: false });
    expect(saved.body).toMatchObject({ aiInsightsEnabled: false });
    expect((await t.app.inject(`/api/public/configuration/slug/${slug}`)).json()).toMatchObject({ aiInsightsEnabled: false });

    const followUpResponses = [{ questionId: 1, followUpId: 'q1-1', response: 'I cannot wind down after work' }];
    for (const screener of [slug, operator.configurationId]) {
      const dass21 = await analyze({ results: DASS21_MODERATE, followUpResponses, language: 'ms', screener });
      expect(dass21.json()).toEqual(writeBuiltInInsights(dass21Screening('ms')));
      const combined = await analyzeCombined({ results: COMBINED_MODERATE, language: 'en', screener });
      expect(combined.statusCode).toBe(200);
    }
    expect(fake.calls).toEqual([]);

    // Switched on again, the same screener asks the model; so does a screener the server does not know.
    await operator.rest('PUT', '/api/configuration', { ...configuration, aiInsightsEnabled: true });
    expect((await analyze({ results: DASS21_MODERATE, language: 'en', screener: slug })).json()).toEqual(MODEL_ANALYSIS);
    // (In Malay, so the model's first answer is not served from the cache.)
    expect((await analyze({ results: DASS21_MODERATE, language: 'ms', screener: 'no-such-clinic' })).json()).toEqual(MODEL_ANALYSIS);
    expect(fake.calls).toHaveLength(2);
  });

  it('sends follow-up answers only after removing names, e-mail addresses, phone numbers and MyKad numbers', async () => {
    const response = await analyze({
      results: DASS21_MODERATE,
      followUpResponses: [
        { questionId: 1, followUpId: 'q1-1', response: 'My name is Nurul Huda. My boss Encik Razak calls me on 012-345 6789 at night.' },
        { questionId: 1, followUpId: 'q1-2', response: 'Email me at nurul.huda@gmail.com, IC 950505-10-5566, or +44 20 7946 0958' },
      ],
      language: 'en',
    });
    expect(response.statusCode).toBe(200);
    const sent = fake.calls[0]!.raw;
    for (const detail of ['Nurul', 'Huda', 'Razak', '012-345 6789', 'nurul.huda@gmail.com', '950505', '7946']) {
      expect(sent).not.toContain(detail);
    }
    const followUps = JSON.parse((fake.calls[0]!.body.messages as { content: string }[])[1]!.content).followUpAnswers;
    expect(followUps).toEqual([
      { question: expect.stringContaining('winding down'), answer: 'My name is [name]. My boss Encik [name] calls me on [phone] at night.' },
      { question: expect.any(String), answer: 'Email me at [email], IC [IC number], or [phone]' },
    ]);
  });

  it.each([
    ['text that is not JSON', () => completionWith('Here are some tips: rest well.')],
    ['JSON of the wrong shape', () => completionWith(JSON.stringify({ summary: 'Rest.', tips: ['Sleep'] }))],
    ['an empty summary', () => completionWith(JSON.stringify({ summary: ' ', recommendations: ['Sleep'] }))],
    ['no message at all', () => ({ ...completionWith(''), choices: [] })],
  ])('falls back to the built-in writer when the model answers %s, without retrying', async (_, body) => {
    fake.reply(() => ({ body: body() }));
    const response = await analyze({ results: DASS21_MODERATE, language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(writeBuiltInInsights(dass21Screening('en')));
    expect(fake.calls).toHaveLength(1);
  });

  it('retries a 429 once, then falls back to the built-in writer', async () => {
    fake.reply(() => ({ status: 429, headers: { 'retry-after-ms': '10' }, body: { error: { message: 'Rate limit reached' } } }));
    const response = await analyzeCombined({ results: COMBINED_MODERATE, language: 'ms' });
    expect(response.json()).toEqual(writeBuiltInInsights({ test: 'combined', results: COMBINED_MODERATE, language: 'ms' }));
    expect(fake.calls).toHaveLength(2);
  });

  it('uses the retry’s answer when the second attempt succeeds', async () => {
    fake.reply((call) =>
      call === 1
        ? { status: 503, headers: { 'retry-after-ms': '10' }, body: { error: { message: 'Overloaded' } } }
        : { body: completionWith(JSON.stringify(MODEL_ANALYSIS)) },
    );
    const response = await analyze({ results: DASS21_MODERATE, language: 'en' });
    expect(response.json()).toEqual(MODEL_ANALYSIS);
    expect(fake.calls).toHaveLength(2);
  });

  it('gives up on a model that does not answer within the timeout and answers with the built-in writer', async () => {
    fake.reply(() => 'hang');
    const started = Date.now();
    const response = await analyze({ results: DASS21_MODERATE, language: 'en' });
    const elapsed = Date.now() - started;
    expect(response.json()).toEqual(writeBuiltInInsights(dass21Screening('en')));
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it('puts the crisis lines first when the model left them out at a crisis level', async () => {
    const dass21 = await analyze({ results: DASS21_CRISIS, language: 'en' });
    expect(dass21.json()).toEqual({
      summary: MODEL_ANALYSIS.summary,
      recommendations: [crisisRecommendation('en'), ...MODEL_ANALYSIS.recommendations],
    });
    expect(dass21.json().recommendations[0]).toMatch(/999.*112.*Talian HEAL 15555.*Befrienders Kuala Lumpur 03-7627 2929.*professional/);
    const combined = await analyzeCombined({ results: COMBINED_CRISIS, language: 'ms' });
    expect(combined.json().recommendations).toEqual([crisisRecommendation('ms'), ...MODEL_ANALYSIS.recommendations]);
    const prompt = JSON.parse((fake.calls[0]!.body.messages as { content: string }[])[1]!.content);
    expect(prompt.crisisLevel).toBe(true);
  });

  it('keeps the model’s own crisis advice when it names every line and a professional', async () => {
    const careful: Analysis = {
      summary: 'Things feel very heavy right now.',
      recommendations: [
        'If you feel unsafe call 999, or Talian HEAL on 15555 or Befrienders at +60 3-7627 2929.',
        'Please see a psychologist this week.',
      ],
    };
    fake.reply(() => ({ body: completionWith(JSON.stringify(careful)) }));
    expect((await analyze({ results: DASS21_CRISIS, language: 'en' })).json()).toEqual(careful);
  });

  it('treats a follow-up to item 21 as its crisis answer, whatever the depression level', async () => {
    const response = await analyze({
      results: DASS21_MODERATE,
      followUpResponses: [{ questionId: 21, followUpId: 'q21-1', response: 'a few months' }],
      language: 'en',
    });
    expect(response.json().recommendations[0]).toBe(crisisRecommendation('en'));
  });

  it('answers an identical request from the cache, in any follow-up order, but asks again in another language', async () => {
    const first = { questionId: 3, followUpId: 'q3-1', response: 'since my exams' };
    const second = { questionId: 1, followUpId: 'q1-1', response: 'work' };
    await analyze({ results: DASS21_MODERATE, followUpResponses: [first, second], language: 'en' });
    const again = await analyze({ results: DASS21_MODERATE, followUpResponses: [second, first], language: 'en' });
    expect(again.json()).toEqual(MODEL_ANALYSIS);
    expect(fake.calls).toHaveLength(1);
    await analyze({ results: DASS21_MODERATE, followUpResponses: [first, second], language: 'ms' });
    expect(fake.calls).toHaveLength(2);
  });

  it('does not cache a failure: the next identical request asks the model again', async () => {
    fake.reply((call) => (call === 1 ? { body: completionWith('not json') } : { body: completionWith(JSON.stringify(MODEL_ANALYSIS)) }));
    await analyze({ results: DASS21_MODERATE, language: 'en' });
    expect((await analyze({ results: DASS21_MODERATE, language: 'en' })).json()).toEqual(MODEL_ANALYSIS);
    expect(fake.calls).toHaveLength(2);
  });

  it('refuses an address over its limit with 429 on both transports, asking the model no more', async () => {
    t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, analyzePerIp: { limit: 2, windowMinutes: 10 } };
    const payload = { results: DASS21_MODERATE, language: 'en' };
    expect((await analyze(payload)).statusCode).toBe(200);
    expect((await analyze(payload)).statusCode).toBe(200);
    const refused = await analyze(payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: translationsFor('en').errors.tooManyAttempts() });
    const viaTrpc = await trpcMutation(t.app, 'public.analyzeCombined', { results: COMBINED_MODERATE, language: 'en' }, undefined, { remoteAddress: ip });
    expect(viaTrpc.error).toMatchObject({ message: translationsFor('en').errors.tooManyAttempts(), data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    expect(fake.calls).toHaveLength(1);
    // Another visitor is not affected.
    ip = newIp();
    expect((await analyze(payload)).statusCode).toBe(200);
  });

  it('logs only the kind of a failure, never the request or the model’s words', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const secret = 'my brother Hakim';
    fake.reply((call) =>
      call === 1
        ? { status: 400, body: { error: { message: `Invalid request: '${secret}' is not allowed` } } }
        : { body: completionWith(`Sorry, I cannot talk about ${secret}.`) },
    );
    const input = {
      results: DASS21_MODERATE,
      followUpResponses: [{ questionId: 1 as const, followUpId: 'q1-1' as const, response: secret }],
      language: 'en' as const,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      await analyzeDass21({ ...t.services, ip, log }, input);
    }
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 40, failure: 'BadRequestError', status: 400, msg: 'AI insights failed; the built-in writer answered' }),
      expect.objectContaining({ level: 40, failure: 'SyntaxError', msg: 'AI insights failed; the built-in writer answered' }),
    ]);
    expect(lines.join('')).not.toMatch(/Hakim|brother/);
  });

  it.each([
    ['a level that does not match its score', { results: { ...DASS21_MODERATE, stress: { score: 20, level: 'mild' } } }, 'results.stress.level'],
    ['an odd DASS-21 score', { results: { ...DASS21_MODERATE, anxiety: { score: 9, level: 'mild' } } }, 'results.anxiety.score'],
    ['an unknown level name', { results: { ...DASS21_MODERATE, anxiety: { score: 8, level: 'Slight' } } }, 'results.anxiety.level'],
    ['a level word that does not match its score', { results: { ...DASS21_MODERATE, anxiety: { score: 8, level: 'Severe' } } }, 'results.anxiety.level'],
    ['a follow-up of another question', { followUpResponses: [{ questionId: 2, followUpId: 'q1-1', response: 'x' }] }, 'followUpResponses.0.followUpId'],
    ['a follow-up answered twice', { followUpResponses: [{ questionId: 1, followUpId: 'q1-1', response: 'a' }, { questionId: 1, followUpId: 'q1-1', response: 'b' }] }, 'followUpResponses'],
    ['a follow-up over 1000 characters', { followUpResponses: [{ questionId: 1, followUpId: 'q1-1', response: 'x'.repeat(1001) }] }, 'followUpResponses.0.response'],
    ['an unknown field', { answers: { 1: 3 } }, ''],
    ['another language', { language: 'zh' }, 'language'],
  ])('refuses %s with 400 before any model call', async (_, change, field) => {
    const response = await analyze({ results: DASS21_MODERATE, language: 'en', ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
    expect(fake.calls).toHaveLength(0);
  });

  it('takes the levels as the REST contract writes them, as well as the screener’s ids', async () => {
    const specDass21 = {
      results: {
        depression: { score: 28, level: 'Extremely Severe' },
        anxiety: { score: 8, level: 'Mild' },
        stress: { score: 0, level: 'Normal' },
      },
      followUpResponses: [],
      language: 'en',
    };
    expect((await analyze(specDass21)).statusCode).toBe(200);
    expect((await analyze({ ...specDass21, results: { ...specDass21.results, anxiety: { score: 16, level: 'Severe' } } })).statusCode).toBe(200);
    expect((await analyze({ ...specDass21, results: { ...specDass21.results, anxiety: { score: 12, level: 'Moderate' } } })).statusCode).toBe(200);
    for (const results of [
      { whooley: { score: 1, level: 'Positive' }, phq9: { score: 16, level: 'Moderately Severe' }, gad7: { score: 3, level: 'Minimal' } },
      { whooley: { score: 0, level: 'Negative' }, phq9: { score: 20, level: 'Severe' }, gad7: { score: 15, level: 'Severe' } },
    ]) {
      const response = await analyzeCombined({ results, language: 'ms' });
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
    }
    const sentToModel = fake.calls.map((call) => JSON.parse((call.body.messages as { content: string }[])[1]!.content).results);
    expect(sentToModel[0]).toMatchObject({ depression: { level: 'Extremely Severe' }, stress: { level: 'Normal' } });
    const mismatched = await analyzeCombined({
      results: { whooley: { score: 0, level: 'Positive' }, phq9: { score: 16, level: 'Moderately Severe' }, gad7: { score: 3, level: 'Minimal' } },
      language: 'en',
    });
    expect(mismatched.statusCode).toBe(400);
    expect(Object.keys(mismatched.json().fields)).toEqual(['results.whooley.level']);
  });

  it('refuses Combined results whose level does not match its score', async () => {
    const response = await analyzeCombined({ results: { ...COMBINED_MODERATE, phq9: { score: 15, level: 'moderate' } }, language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'results.phq9.level': ["must be 'moderatelySevere' for a score of 15"] });
  });

  it('answers with the built-in writer in the visitor’s language when no key is configured, crisis lines included', async () => {
    t.services.insights = createInsightsService(undefined);
    const english = await analyze({ results: DASS21_CRISIS, language: 'en' });
    const builtIn = writeBuiltInInsights(dass21Screening('en', DASS21_CRISIS));
    expect(english.json()).toEqual({ ...builtIn, recommendations: [crisisRecommendation('en'), ...builtIn.recommendations] });
    const malay = await analyzeCombined({ results: COMBINED_MODERATE, language: 'ms' });
    expect(malay.json()).toEqual(writeBuiltInInsights({ test: 'combined', results: COMBINED_MODERATE, language: 'ms' }));
    expect(fake.calls).toHaveLength(0);
  });
});
