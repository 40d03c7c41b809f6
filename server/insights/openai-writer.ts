import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { type Analysis, ZAnalysis } from './analysis';

export interface OpenAiSettings {
  apiKey: string;
  model: string;
  /** Any OpenAI-compatible server; unset means OpenAI itself. */
  baseUrl?: string | undefined;
  /** How long a visitor may wait for the model, both attempts included. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export interface ModelWriter {
  readonly model: string;
  /** Resolves with a well-formed analysis or rejects: malformed output counts as a failure. */
  write(messages: ChatCompletionMessageParam[]): Promise<Analysis>;
}

// The schema the model is held to uses only plain types, which every Structured Outputs
// server accepts; the limits are checked here, where an overlong answer is as bad as none.
const RESPONSE_FORMAT = zodResponseFormat(ZAnalysis, 'insights');
const ZModelAnalysis = z.strictObject({
  summary: z.string().trim().min(1).max(2000),
  recommendations: z.array(z.string().trim().min(1).max(600)).min(1).max(8),
});

export function createOpenAiWriter(settings: OpenAiSettings): ModelWriter {
  const timeout = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    timeout,
    maxRetries: 1,
    // OPENAI_LOG=debug would log request bodies, which hold visitors' follow-up answers.
    logLevel: 'warn',
  });
  return {
    model: settings.model,
    async write(messages) {
      const completion = await client.chat.completions.create(
        { model: settings.model, messages, response_format: RESPONSE_FORMAT, store: false },
        // One deadline over both attempts: a long Retry-After must not hold the visitor.
        { signal: AbortSignal.timeout(timeout) },
      );
      const content = completion.choices[0]?.message.content ?? '';
      return ZModelAnalysis.parse(JSON.parse(content));
    },
  };
}
