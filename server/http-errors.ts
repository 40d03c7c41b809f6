import type { IncomingHttpHeaders } from 'node:http';
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { type LocalisedMessage, resolveMessage } from './errors';
import { requestLocale } from './request-locale';

/** The statuses the HTTP layer answers before a procedure runs, in tRPC's words. */
const TRPC_CODE_BY_STATUS: Partial<Record<number, TRPC_ERROR_CODE_KEY>> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The body of an error the HTTP layer answers itself (cross-site refusal, content type,
 * body size, a malformed URL): `{ error }` on REST, and on /trpc the envelope the tRPC
 * client reads (tRPC's error shape inside superjson's `{ json }`), so its caller sees the
 * message instead of a response it cannot parse.
 */
export function httpErrorBody(req: { url: string; headers: IncomingHttpHeaders }, status: number, localised: LocalisedMessage): object {
  const message = resolveMessage(localised, requestLocale(req.headers));
  if (!/^\/trpc(\/|\?|$)/.test(req.url)) return { error: message };
  const code = TRPC_CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  return { error: { json: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status } } } };
}
