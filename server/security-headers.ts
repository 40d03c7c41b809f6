import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from './env';

/** The screener pages clinics embed in their own sites; they may be framed by any origin. */
const EMBEDDABLE_PATH = /^\/(ms\/)?screener(\/|$)/;

type Headers = Record<string, string>;

/** What helmet would set on every response, read once: none of our directives depends on the request. */
function helmetHeaders(env: Pick<Env, 'nodeEnv'>): Headers {
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // Operators' logos and psychologists' photos may live on any https host.
        'img-src': ["'self'", 'data:', 'https:'],
        // Plain-http local runs would otherwise have their own assets upgraded to https.
        'upgrade-insecure-requests': env.nodeEnv === 'production' ? [] : null,
        'frame-ancestors': ["'none'"],
        // Stripe's Payment Element on /subscribe: its script, its card frames and 3-D Secure
        // challenge (hooks.stripe.com), and the calls Stripe.js makes to its API.
        'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
      },
    },
  });
  const headers: Headers = {};
  const recorder = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value), removeHeader: () => {} };
  applySecurityHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer, with the framing policy: every page refuses framing (CSP
 * frame-ancestors 'none' and X-Frame-Options DENY) except the screener pages, which any
 * clinic's site may frame through /embed.js; the script itself is loaded by those foreign
 * pages, so it opts out of the same-origin resource policy.
 * The three header sets are built once at boot and handed to Fastify as they are: helmet run
 * per request (and a second hook rewriting its CSP) cost about a third of a cached
 * configuration answer (bench/api-throughput.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Pick<Env, 'nodeEnv'>): void {
  const common = helmetHeaders(env);
  const page: Headers = { ...common, 'x-frame-options': 'DENY' };
  const embeddable: Headers = {
    ...common,
    'content-security-policy': common['content-security-policy']!.replace(/frame-ancestors [^;]+/, 'frame-ancestors *'),
  };
  delete embeddable['x-frame-options'];
  const embedScript: Headers = { ...page, 'cross-origin-resource-policy': 'cross-origin' };

  app.addHook('onRequest', (req, reply, done) => {
    const path = req.url.split('?', 1)[0]!;
    reply.headers(path === '/embed.js' ? embedScript : EMBEDDABLE_PATH.test(path) ? embeddable : page);
    done();
  });
}
