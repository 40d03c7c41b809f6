import { createHash } from 'node:crypto';
import { DEFAULT_CONFIGURATION } from '../../domain/configuration';
import { findScreenerConfiguration } from '../configuration/get-public-configuration';
import type { RequestContext } from '../context';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { writeBuiltInInsights } from './built-in-writer';
import { withCrisisResources } from './crisis-guard';
import type { Analysis } from './analysis';
import { buildPrompt } from './prompt';
import type { Screening } from './screening';

export type InsightsContext = Pick<RequestContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip' | 'log' | 'insights' | 'configurations'>;

/**
 * The model's analysis when one is configured, the screener's operator allows it and it
 * answers well, else the built-in writer's; either way the crisis lines are there when the
 * levels call for them.
 */
export async function writeInsights(ctx: InsightsContext, screening: Screening, screener: string | undefined): Promise<Analysis> {
  await enforceRateLimits(ctx, [['analyzePerIp', ctx.ip]]);
  const fromModel = (await operatorAllowsModel(ctx, screener)) ? await askModel(ctx, screening) : undefined;
  return withCrisisResources(fromModel ?? writeBuiltInInsights(screening), screening);
}

async function operatorAllowsModel(ctx: InsightsContext, screener: string | undefined): Promise<boolean> {
  const configuration = screener === undefined ? undefined : await findScreenerConfiguration(ctx, screener);
  return (configuration ?? DEFAULT_CONFIGURATION).aiInsightsEnabled;
}

async function askModel(ctx: InsightsContext, screening: Screening): Promise<Analysis | undefined> {
  const { modelWriter, cache } = ctx.insights;
  if (!modelWriter) return undefined;
  const messages = buildPrompt(screening);
  const key = createHash('sha256').update(JSON.stringify([modelWriter.model, messages])).digest('hex');
  const cached = cache.get(key);
  if (cached) return cached;
  try {
    const analysis = await modelWriter.write(messages);
    cache.set(key, analysis);
    return analysis;
  } catch (error) {
    // The kind of failure only: error messages may quote the request or the model's answer.
    const status = (error as { status?: unknown }).status;
    ctx.log.warn({ failure: (error as Error).constructor?.name, status }, 'AI insights failed; the built-in writer answered');
    return undefined;
  }
}
