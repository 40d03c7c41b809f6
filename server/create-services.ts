import type { AppServices } from './context';
import type { Env } from './env';
import { createBilling } from './billing/billing';
import { createConfigurationCache } from './configuration/configuration-cache';
import { createInsightsService } from './insights/insights-service';
import { createMailTransport } from './mail/transport';
import { createMetrics } from './metrics/metrics';
import { DEFAULT_RATE_LIMITS } from './rate-limit/rate-limit-rules';
import { createCloudApi } from './whatsapp/cloud-api';

/**
 * The services a process's requests and background jobs share, built from its settings, its
 * database and its log. One place, so the server and the tests' in-process app are the same app.
 */
export function createServices(env: Env, { db, dialect, log }: Pick<AppServices, 'db' | 'dialect' | 'log'>): AppServices {
  return {
    env,
    db,
    dialect,
    log,
    now: () => new Date(),
    rateLimits: DEFAULT_RATE_LIMITS,
    mailTransport: createMailTransport(env),
    insights: createInsightsService(env.openai),
    billing: createBilling(env.stripe),
    configurations: createConfigurationCache(),
    metrics: createMetrics(db),
    whatsapp: env.whatsapp && createCloudApi(env.whatsapp),
  };
}
