import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { isCrossSiteRequest } from '../csrf';
import { httpErrorBody } from '../errors';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The key a request presents as `Authorization: Bearer <key>`; other schemes are not ours. */
export function bearerKeyOf(req: Pick<FastifyRequest, 'headers'>): string | undefined {
  return BEARER.exec(req.headers.authorization ?? '')?.[1];
}

function carriesCookie(req: FastifyRequest, cookieName: string): boolean {
  return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${cookieName}=`));
}

/**
 * Where an API key may not go, decided before any route runs (docs/decisions/0058):
 * - /trpc is the admin's own channel: a key there answers 401, never falls back to a cookie;
 * - a browser's cross-site request carrying a key is refused whatever its method, as a page on
 *   another site has no business holding a clinic's key;
 * - a request with both a key and the session cookie is refused rather than guessed at: acting
 *   as the key would let a page's script borrow it, acting as the member would ignore the key.
 */
export function bearerGuard(publicUrl: string, sessionCookieName: string): onRequestHookHandler {
  const ownOrigin = new URL(publicUrl).origin;
  return (req, reply, done) => {
    if (bearerKeyOf(req) === undefined) return done();
    const path = req.url.split('?')[0]!;
    if (/^\/trpc(\/|$)/.test(path)) {
      reply.code(401).send(httpErrorBody(req, 401, (t) => t.errors.apiKeys.notOnTrpc()));
      return;
    }
    if (isCrossSiteRequest(req, ownOrigin)) {
      reply.code(403).send(httpErrorBody(req, 403, (t) => t.errors.crossSiteRefused()));
      return;
    }
    if (carriesCookie(req, sessionCookieName)) {
      reply.code(400).send(httpErrorBody(req, 400, (t) => t.errors.apiKeys.keyAndCookie()));
      return;
    }
    done();
  };
}
