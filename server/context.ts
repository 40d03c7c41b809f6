import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import type { Billing } from './billing/billing';
import type { Env } from './env';
import type { InsightsService } from './insights/insights-service';
import type { Locales } from '../i18n/i18n-types';
import type { MailTransport } from './mail/transport';
import { rateLimitClient } from './client-network';
import type { RateLimits } from './rate-limit/rate-limits';
import { requestLocale } from './request-locale';
import { type AdminSession, readSession, sessionOptions } from './session';

/**
 * The inner context: everything a use case needs that does not depend on the request.
 * Built once at boot; tests build it directly and call procedures through createCaller.
 */
export interface AppServices {
  env: Env;
  db: Kysely<Database>;
  dialect: DialectName;
  log: FastifyBaseLogger;
  /** The clock, injectable so tests can move time (token expiry, booking windows). */
  now: () => Date;
  /** Attempts allowed on sign-in, sign-up and reset requests; tests lower them. */
  rateLimits: RateLimits;
  /** How the outbox worker delivers mail: SMTP, or .eml files when offline. */
  mailTransport: MailTransport;
  /** The model behind visitors' insights (none without a key) and its answer cache. */
  insights: InsightsService;
  /** Stripe, or test mode when its keys are not set (server/billing). */
  billing: Billing;
}

/** The outer context: the inner one plus what is read from the request. */
export interface RequestContext extends AppServices {
  requestId: string;
  /**
   * The client's address as the per-address rate limits count it: an IPv6 client's /64, an
   * IPv4-mapped address as its IPv4 (server/client-network.ts).
   */
  ip: string;
  /** The language refusals are written in (server/request-locale.ts). */
  locale: Locales;
  /**
   * Read lazily: public procedures never unseal the cookie. An answer that read it depends on
   * who asks, so it is marked `no-store` for browsers and proxies alike.
   */
  session: () => Promise<AdminSession>;
}

export function createRequestContext(
  services: AppServices,
  req: FastifyRequest,
  reply: FastifyReply,
): RequestContext {
  let session: Promise<AdminSession> | undefined;
  return {
    ...services,
    log: req.log,
    requestId: req.id,
    ip: rateLimitClient(req.ip),
    locale: requestLocale(req.headers),
    session: () => {
      reply.raw.setHeader('cache-control', 'no-store');
      return (session ??= readSession(req.raw, reply.raw, sessionOptions(services.env)));
    },
  };
}
