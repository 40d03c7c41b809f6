import type { FastifyInstance } from 'fastify';

/** The screener pages clinics embed in their own sites; they may be framed by any origin. */
export const EMBEDDABLE_PATH = /^\/(ms\/)?screener(\/|$)/;

/**
 * Every page refuses framing (CSP frame-ancestors 'none' and X-Frame-Options DENY) except
 * the screener pages, which any clinic's site may frame through /embed.js. The script itself
 * is loaded by those foreign pages, so it opts out of the same-origin resource policy.
 */
export function registerFramingPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.split('?')[0] === '/embed.js') reply.header('cross-origin-resource-policy', 'cross-origin');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return payload;
    if (EMBEDDABLE_PATH.test(req.url)) {
      reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]+/, 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
    } else {
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
