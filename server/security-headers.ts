import type { FastifyInstance } from 'fastify';
import { isScreenerPath } from '../domain/embedding';
import type { Env } from './env';

type Headers = Record<string, string>;

/** The Content-Security-Policy; only `frame-ancestors` differs between pages. */
function contentSecurityPolicy(env: Pick<Env, 'nodeEnv'>, frameAncestors: string): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'https:', 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
    // Operators' logos and psychologists' photos may live on any https host.
    'img-src': ["'self'", 'data:', 'https:'],
    'object-src': ["'none'"],
    // Stripe's Payment Element on /subscribe: its script, its card frames and 3-D Secure
    // challenge (hooks.stripe.com), and the calls Stripe.js makes to its API.
    'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", 'https:', "'unsafe-inline'"],
    // Plain-http local runs would otherwise have their own assets upgraded to https.
    ...(env.nodeEnv === 'production' && { 'upgrade-insecure-requests': [] }),
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ["'self'", 'https://api.stripe.com'],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** Helmet's defaults, written out: none of them depends on the request. */
const COMMON: Headers = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Security headers on every answer, one static set per kind of path, built at boot: every page
 * refuses framing (CSP frame-ancestors 'none' and X-Frame-Options DENY) except the screener
 * pages, which any clinic's site may frame through /embed.js; the script itself is loaded by
 * those foreign pages, so it opts out of the same-origin resource policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Pick<Env, 'nodeEnv'>): void {
  const page: Headers = { ...COMMON, 'content-security-policy': contentSecurityPolicy(env, "'none'"), 'x-frame-options': 'DENY' };
  const embeddable: Headers = { ...COMMON, 'content-security-policy': contentSecurityPolicy(env, '*') };
  const embedScript: Headers = { ...page, 'cross-origin-resource-policy': 'cross-origin' };

  app.addHook('onRequest', (req, reply, done) => {
    const path = req.url.split('?', 1)[0]!;
    reply.headers(path === '/embed.js' ? embedScript : isScreenerPath(path) ? embeddable : page);
    done();
  });
}
