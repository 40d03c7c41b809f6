import { randomBytes } from 'node:crypto';

/**
 * The public address of production runs on this machine. A name, not 127.0.0.1: production
 * refuses links to this machine (server/production-addresses.ts). `.test` is reserved (RFC 2606),
 * so it can never lead anywhere else; a client reaches it by connecting to 127.0.0.1 and naming
 * this host (scripts/production-front/front-client.ts).
 */
export const PRODUCTION_HOST = 'minda.test';

/**
 * The sender of production runs on this machine. Production refuses reserved domains, where no
 * SPF or DMARC check passes; these mails only ever reach an SMTP sink on loopback.
 */
const PRODUCTION_MAIL_FROM = 'Minda <no-reply@klinik.my>';

/**
 * An environment every production start check passes (server/env.ts), for the harnesses that
 * start `NODE_ENV=production` processes: a random session secret, Stripe keys of test mode's
 * shape (no call reaches Stripe), an https public address and a real sender. The caller names
 * where mail goes (its SMTP sink) and anything else it needs.
 */
export function productionEnv(env: { SMTP_URL: string; PUBLIC_URL?: string } & Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: `https://${PRODUCTION_HOST}`,
    SESSION_SECRET: randomBytes(32).toString('base64'),
    MAIL_FROM: PRODUCTION_MAIL_FROM,
    STRIPE_SECRET_KEY: 'sk_test_minda',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_minda',
    STRIPE_PRICE_ID: 'price_minda',
    STRIPE_WEBHOOK_SECRET: 'whsec_minda',
    ...env,
  };
}
