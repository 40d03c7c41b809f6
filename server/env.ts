import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_URL } from '../db/connect';
import { isAddressOrNetwork } from '../domain/network-address';
import { PRICING } from '../domain/pricing';
import { mailFromProblem, publicUrlProblem } from './production-addresses';
import { sessionSecretWeakness } from './session-secret-strength';

/**
 * A compose file passes a variable that is not set on the host as '' (`DATABASE_URL:
 * ${DATABASE_URL}`), so a blank value means unset, for every variable alike.
 */
function withoutBlanks(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
}

/** All four switch billing to Stripe; none leaves it in test mode; some is a mistake. */
/** The entries of a comma-separated list, blanks dropped. */
const listEntries = (value: string) => value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');

/** Checked here, a mistyped address stops the start with a sentence instead of a stack trace at listen. */
const isAddressList = (value: string) => listEntries(value).every(isAddressOrNetwork);

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const;

/** The booking challenge's quiet work: measured by bench/booking-challenge.ts (docs/decisions/0037). */
export const DEFAULT_BOOKING_CHALLENGE_COST = 400;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^(mysql:\/\/|sqlite:)/, 'must start with mysql:// or sqlite:')
      .default(DEFAULT_DATABASE_URL),
    /** Where visitors reach the app; links in e-mails are built from it, never from Host. */
    PUBLIC_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Seed the demo operator into an empty database. On by default for the embedded one; never in production. */
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Writable folder for the embedded database, the generated secret and offline mail. */
    VAR_DIR: z.string().min(1).default('var'),
    /** smtp(s)://user:pass@host:port; without it mails are written as .eml files under VAR_DIR/outbox (refused in production). */
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    /** The default is on .local, which production refuses: a deployer names their own domain. */
    MAIL_FROM: z.string().min(3).default('Minda <no-reply@minda.local>'),
    /**
     * Behind a reverse proxy the client's address is in X-Forwarded-For; rate limits per IP
     * need it. A hop count, or the proxies' addresses/CIDRs separated by commas; 'true'
     * (believe every client's header) only outside production.
     */
    TRUST_PROXY: z
      .string()
      .refine((value) => /^(true|false|\d+)$/.test(value) || isAddressList(value), "must be 'true', 'false', a hop count or IP addresses/CIDRs separated by commas")
      .default('false'),
    /** Without a key the built-in writer composes every insight. */
    OPENAI_API_KEY: z.string().trim().optional(),
    OPENAI_MODEL: z.string().trim().optional(),
    /** Any OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1; unset means OpenAI itself. */
    OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * The work of a booking's proof-of-work challenge at a quiet clinic: the highest counter a
     * solver may have to try, each try 1,000 PBKDF2 rounds (docs/decisions/0037). The default
     * takes a mid-range phone well under a second; tests set it low.
     */
    BOOKING_CHALLENGE_COST: z.coerce.number().int('must be a whole number').min(1).default(DEFAULT_BOOKING_CHALLENGE_COST),
    /** Bookings an operator's screener takes before a subscription is required. */
    FREE_BOOKINGS: z.coerce.number().int('must be a whole number').min(0).default(PRICING.freeBookings),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_\w+$/, 'must be a Stripe publishable key (pk_…)').optional(),
    STRIPE_PRICE_ID: z.string().regex(/^price_\w+$/, 'must be a Stripe price id (price_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
    /**
     * The Connect endpoint's own signing secret: Stripe signs the clinics' connected-account
     * events (their booking payments) with it, not with STRIPE_WEBHOOK_SECRET. Unset, those events are refused.
     */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
    /** The coupon that makes the price the launch offer's (RM39 for 3 months) while OFFER_ENDS_AT is ahead. */
    STRIPE_OFFER_COUPON_ID: z.string().regex(/^\w+$/, 'must be a Stripe coupon id').optional(),
    /** Where the Stripe SDK sends its calls; tests point it at a local fake. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * WhatsApp Cloud API (docs/decisions/0063): all four turn WhatsApp messages on; none leaves
     * them off, and the booking form does not offer them. The phone number id is Minda's own
     * sender; a clinic may have its own (users.whatsapp_sender).
     */
    WHATSAPP_TOKEN: z.string().trim().min(1).optional(),
    WHATSAPP_APP_SECRET: z.string().trim().min(1).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().trim().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'must be a Cloud API phone number id (digits)').optional(),
    /** Where the client's calls go instead of https://graph.facebook.com; tests point it at a local fake. */
    WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The launch offer's end: a date (the offer lasts through that day, Malaysian time) or a date-time. */
    /** Opens /metrics to a scraper that sends `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Opens /metrics to these client addresses or CIDRs, separated by commas (as the proxy reports them). */
    METRICS_ALLOW: z.string().refine(isAddressList, 'must be IP addresses or CIDRs separated by commas, such as 10.0.0.0/8,127.0.0.1').optional(),
    /**
     * On SIGTERM, how long /readyz answers 503 before the server stops taking requests, so the load
     * balancer stops sending new ones first: at least its check interval times its fall count.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    /** How long the mail outbox waits after a pass before it looks for due mail again. */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    /**
     * Private networks webhooks may reach after all, as addresses or CIDRs separated by commas:
     * a clinic's system beside a self-hosted server. Unset, webhooks reach public addresses only.
     */
    WEBHOOK_ALLOWED_NETWORKS: z.string().refine(isAddressList, 'must be IP addresses or CIDRs separated by commas, such as 10.1.2.0/24').optional(),
    OFFER_ENDS_AT: z.union([z.iso.date(), z.iso.datetime({ offset: true })], 'must be an ISO date or date-time').optional(),
  })
  .superRefine((env, ctx) => {
    const missingStripeKeys = STRIPE_KEYS.filter((key) => !env[key]);
    if (missingStripeKeys.length > 0 && missingStripeKeys.length < STRIPE_KEYS.length) {
      for (const key of missingStripeKeys) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required once any Stripe key is set' });
      }
    }
    if (missingStripeKeys.length === 0 && env.OFFER_ENDS_AT && !env.STRIPE_OFFER_COUPON_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_OFFER_COUPON_ID'],
        message: 'is required while OFFER_ENDS_AT announces the launch offer, or Stripe would charge the full price',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (missingStripeKeys.length === STRIPE_KEYS.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'and the other Stripe keys are required in production: without them billing runs in test mode and subscriptions are free',
      });
    }
    const secretWeakness = env.SESSION_SECRET ? sessionSecretWeakness(env.SESSION_SECRET) : 'is required in production';
    if (secretWeakness) ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: secretWeakness });
    if (env.TRUST_PROXY === 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          "must name the proxies (addresses or CIDRs) or count their hops in production: 'true' believes any client's X-Forwarded-For, so every client could pick its own address and escape the per-address limits",
      });
    }
    if (env.SEED_DEMO === 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'must not be true in production: the demo operator\'s password is published in the README',
      });
    }
    const publicUrlWrong = env.PUBLIC_URL ? publicUrlProblem(env.PUBLIC_URL) : 'is required in production';
    if (publicUrlWrong) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: publicUrlWrong });
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production: without it every mail is written to a file under VAR_DIR/outbox, and no visitor can confirm a booking',
      });
    }
    const mailFromWrong = mailFromProblem(env.MAIL_FROM);
    if (mailFromWrong) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: mailFromWrong });
  });

export interface Env {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string;
  publicUrl: string;
  sessionSecret: string;
  seedDemo: boolean;
  logLevel: string;
  varDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: TrustProxy;
  /** The model that writes visitors' insights; undefined when no key is set. */
  openai: { apiKey: string; model: string; baseUrl: string | undefined } | undefined;
  /** Bookings a clinic may take without an active subscription: 3 (decision 0012). */
  freeBookings: number;
  /** The booking challenge's work at a quiet clinic (server/booking-challenge). */
  bookingChallengeCost: number;
  /** Unset: billing runs in test mode, where /subscribe activates a subscription without payment. */
  stripe: StripeSettings | undefined;
  /** When the launch offer ends; unset, there is no offer. */
  offerEndsAt: Date | undefined;
  /** Unset: no WhatsApp messages (server/whatsapp). */
  whatsapp: WhatsappSettings | undefined;
  /** Who may read /metrics; neither set means nobody (closed by default). */
  metrics: { token: string | undefined; allow: string[] };
  /** Networks webhooks may reach besides public addresses (domain/webhooks.ts). */
  webhookAllowedNetworks: string[];
  /** 5 s in production unless set, 0 elsewhere (server/health). */
  shutdownDrainMs: number;
  /** 2 s unless set; the browser tests' servers look every 200 ms (docs/decisions/0065). */
  outboxIntervalMs: number;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  priceId: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret, for connected accounts' events; none, they are refused. */
  connectWebhookSecret: string | undefined;
  offerCouponId: string | undefined;
  apiUrl: string | undefined;
}

export interface WhatsappSettings {
  token: string;
  appSecret: string;
  verifyToken: string;
  /** Minda's own sender, for clinics without one. */
  phoneNumberId: string;
  apiUrl: string | undefined;
}

/** Fastify's trustProxy: all proxies, a list of their addresses, or the first n hops. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export class EnvError extends Error {}

/** Parses the environment once, at boot; every problem is listed in one readable error. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(withoutBlanks(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    sessionSecret: env.SESSION_SECRET ?? localSessionSecret(env.VAR_DIR),
    // Production never seeds the demo operator (refused above when asked for).
    seedDemo: env.NODE_ENV !== 'production' && (env.SEED_DEMO ? env.SEED_DEMO === 'true' : env.DATABASE_URL.startsWith('sqlite:')),
    logLevel: env.LOG_LEVEL,
    varDir: env.VAR_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    openai: env.OPENAI_API_KEY
      ? { apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? 'gpt-4o-mini', baseUrl: env.OPENAI_BASE_URL }
      : undefined,
    freeBookings: env.FREE_BOOKINGS,
    bookingChallengeCost: env.BOOKING_CHALLENGE_COST,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_PRICE_ID && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            priceId: env.STRIPE_PRICE_ID,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
            offerCouponId: env.STRIPE_OFFER_COUPON_ID,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    offerEndsAt: env.OFFER_ENDS_AT === undefined ? undefined : parseOfferEnd(env.OFFER_ENDS_AT),
    whatsapp:
      env.WHATSAPP_TOKEN && env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID
        ? { token: env.WHATSAPP_TOKEN, appSecret: env.WHATSAPP_APP_SECRET, verifyToken: env.WHATSAPP_VERIFY_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID, apiUrl: env.WHATSAPP_API_URL }
        : undefined,
    metrics: {
      token: env.METRICS_TOKEN,
      allow: listEntries(env.METRICS_ALLOW ?? ''),
    },
    webhookAllowedNetworks: listEntries(env.WEBHOOK_ALLOWED_NETWORKS ?? ''),
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
    outboxIntervalMs: env.OUTBOX_INTERVAL_MS,
  };
}

/** A plain date means the offer lasts through that day in Malaysia (UTC+8, no daylight saving). */
function parseOfferEnd(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const startOfDay = new Date(`${value}T00:00:00+08:00`);
  return new Date(startOfDay.getTime() + 24 * 60 * 60 * 1000);
}

function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true' || value === 'false') return value === 'true';
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/** Outside production a secret is made once and kept, so sessions survive restarts. */
function localSessionSecret(varDir: string): string {
  const file = join(varDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(varDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
