import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { SessionMember } from '../db/repositories/operator-sessions';
import type { Operator } from '../db/repositories/users';
import type { Database } from '../db/schema';
import type { ApiKeyScope } from '../domain/api-keys';
import type { Billing } from './billing/billing';
import type { ConfigurationCache } from './configuration/configuration-cache';
import type { Env } from './env';
import type { InsightsService } from './insights/insights-service';
import type { Locales } from '../i18n/i18n-types';
import type { MailTransport } from './mail/transport';
import type { Metrics } from './metrics/metrics';
import type { CloudApi } from './whatsapp/cloud-api';
import { rateLimitClient } from './client-network';
import type { RateLimits } from './rate-limit/rate-limit-rules';
import { requestLocale } from './request-locale';
import { type AdminSession, readSession, sessionOptions } from './session';

/**
 * Everything a use case needs that does not depend on the request. Built once at boot
 * (server/main.ts); tests build it with startTestApp.
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
  /** Screener configurations kept briefly in this process (server/configuration/configuration-cache.ts). */
  configurations: ConfigurationCache;
  /** This process's Prometheus metrics (server/metrics). */
  metrics: Metrics;
  /** The WhatsApp Cloud API; undefined while WhatsApp is not set up (server/whatsapp). */
  whatsapp: CloudApi | undefined;
}

/**
 * What a procedure and its use case receive, `(ctx, input)`: the services plus the facts of one
 * call. The HTTP edge reads them from the request (createRequestContext); tests give them
 * directly (createInnerContext) and call procedures through the typed `createCaller`.
 */
export interface RequestContext extends AppServices {
  requestId: string;
  /**
   * The client's address as the per-address rate limits count it: an IPv6 client's /64, an
   * IPv4-mapped address as its IPv4 (server/client-network.ts).
   */
  ip: string;
  /** The language refusals are written in (server/request-locale.ts). */
  locale: Locales;
  /** Read lazily: public procedures never unseal the cookie. */
  session: () => Promise<AdminSession>;
  /** A REST call's API key (server/api-keys); never set on /trpc, so keys cannot act there. */
  apiKeyCall?: ApiKeyCall;
}

/** What the REST adapter hands on when a request presents `Authorization: Bearer <key>` (server/api-keys). */
export interface ApiKeyCall {
  key: string;
  /** Method and path, as the audit log records each use. */
  operation: string;
  /** A GET: changes nothing, so its audit entry is throttled (server/api-keys/authenticate-api-key.ts). */
  reads: boolean;
  /** The scope the route needs (server/rest/api-key-scopes.ts); none: the route is not for keys. */
  scope: ApiKeyScope | undefined;
}

/** The context of an operator procedure, after memberProcedure found a live session of a member allowed to call it. */
export interface OperatorContext extends RequestContext {
  /** The clinic the session acts on: every clinic table's `user_id`. */
  admin: Operator;
  /** Who is acting, and their role in that clinic (domain/roles.ts). */
  member: SessionMember;
  adminSession: AdminSession;
}

export type CallFacts = Pick<RequestContext, 'requestId' | 'ip' | 'locale' | 'session' | 'apiKeyCall'>;

/** The context of a call whose facts are known without a request: tests, background jobs. */
export function createInnerContext(services: AppServices, facts: CallFacts): RequestContext {
  return { ...services, ...facts };
}

/** The context of an HTTP call: the client's address, language and cookie read from the request, and a REST call's API key. */
export function createRequestContext(
  services: AppServices,
  req: FastifyRequest,
  reply: FastifyReply,
  apiKeyCall?: ApiKeyCall,
): RequestContext {
  let session: Promise<AdminSession> | undefined;
  return createInnerContext(
    { ...services, log: req.log },
    {
      requestId: req.id,
      ip: rateLimitClient(req.ip),
      locale: requestLocale(req.headers),
      session: () => (session ??= readSession(req.raw, reply.raw, sessionOptions(services.env))),
      apiKeyCall,
    },
  );
}
