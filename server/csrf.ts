import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { httpErrorBody } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Stripe signs its webhook; the signature, not the origin, proves where it comes from. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);
/** The one route whose body is a file (the clinic's logo); no HTML form can send these types either. */
const FILE_BODY_PATHS = new Set(['/api/configuration/logo']);
const FILE_BODY_TYPE = /^(application\/octet-stream|image\/(png|jpeg|webp|svg\+xml))\s*(;|$)/i;
const JSON_BODY_TYPE = /^application\/json\s*(;|$)/i;

function acceptsBodyType(path: string, contentType: string): boolean {
  return JSON_BODY_TYPE.test(contentType) || (FILE_BODY_PATHS.has(path) && FILE_BODY_TYPE.test(contentType));
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined; // 'null' (sandboxed frames, privacy redirects) or garbage: not ours.
  }
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Whether a browser says this request comes from another site: its page's origin (Origin) or
 * its relation to us (Sec-Fetch-Site) points elsewhere. A call with neither comes from a server
 * or curl.
 */
export function isCrossSiteRequest(req: FastifyRequest, ownOrigin: string): boolean {
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  const foreignOrigin = origin !== undefined && originOf(origin) !== ownOrigin;
  const foreignSite = typeof fetchSite === 'string' && !SAME_ORIGIN_FETCH_SITES.has(fetchSite);
  return foreignOrigin || foreignSite;
}

/**
 * Refuses cross-site state-changing calls to /api and /trpc. Browsers name the page's
 * origin (Origin) or its relation to us (Sec-Fetch-Site) on such requests; either one
 * pointing elsewhere is refused. A call with neither comes from a server or curl, which
 * carry no visitor's cookies. Requiring JSON bodies also rules out HTML forms, which
 * cannot send that content type across sites without a CORS preflight we never grant.
 */
export function csrfGuard(publicUrl: string): onRequestHookHandler {
  const ownOrigin = new URL(publicUrl).origin;
  // A callback hook, not an async one: it runs on every request, and most pass at the first test.
  return (req, reply, done) => {
    if (!STATE_CHANGING.has(req.method)) return done();
    const path = req.url.split('?')[0]!;
    if (!/^\/(api|trpc)(\/|$)/.test(path) || EXEMPT_PATHS.has(path)) return done();
    if (isCrossSiteRequest(req, ownOrigin)) {
      req.log.warn({ origin: req.headers.origin, fetchSite: req.headers['sec-fetch-site'] }, 'refused a cross-site request');
      reply.code(403).send(httpErrorBody(req, 403, (t) => t.errors.crossSiteRefused()));
      return;
    }
    if (hasBody(req) && !acceptsBodyType(path, req.headers['content-type'] ?? '')) {
      reply.code(415).send(httpErrorBody(req, 415, (t) => t.errors.jsonBodyRequired()));
      return;
    }
    done();
  };
}
