import { LRUCache } from 'lru-cache';
import type { Analysis } from './analysis';
import { createOpenAiWriter, type ModelWriter, type OpenAiSettings } from './openai-writer';

export interface InsightsService {
  /** Absent when no OPENAI_API_KEY is set: the built-in writer answers every request. */
  modelWriter?: ModelWriter;
  /** The model's answers by request, so an identical request costs no second call. */
  cache: LRUCache<string, Analysis>;
}

// Identical requests repeat when a visitor reloads or many visitors score the same; a day's
// worth of distinct answers is small. Per process: see docs/decisions/0011.
const CACHE = { max: 2000, ttl: 24 * 60 * 60_000 };

export function createInsightsService(openai: OpenAiSettings | undefined): InsightsService {
  return {
    ...(openai && { modelWriter: createOpenAiWriter(openai) }),
    cache: new LRUCache<string, Analysis>(CACHE),
  };
}
