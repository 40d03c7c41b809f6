import type { Socket } from 'node:net';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import { httpErrorBody } from './errors';

export interface HttpTimeouts {
  /** The whole request, headers and body, must have arrived within this. */
  requestMs: number;
  /** The headers alone must have arrived within this. */
  headersMs: number;
}

/**
 * Node waits for a request body forever by default, so a client trickling one byte a second
 * holds a socket and its parser for as long as it likes; a few hundred of them starve the
 * server (docs/decisions/0010). No form of ours sends more than 256 kB, which arrives in far
 * less than 30 s on any phone line.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, headersMs: 10_000 };

/** Fastify's options for the timeouts. */
export function timeoutOptions(
  timeouts: HttpTimeouts,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http'> {
  return {
    requestTimeout: timeouts.requestMs,
    // A socket silent this long is closed even mid-request: no handler of ours works for a
    // minute without answering (the model and SMTP have shorter deadlines of their own).
    connectionTimeout: 2 * timeouts.requestMs + 60_000,
    // Longer than the 60 s idle timeout of common proxies and load balancers, so they never
    // reuse a connection the server is closing (Fastify's default).
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node looks for overdue requests every 30 s by default, which would let one run for
      // twice its timeout.
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs / 4),
    },
  };
}

/**
 * Answers a request cut off by its timeout with 408 and a readable JSON error, the tRPC
 * envelope on /trpc (server/http-errors.ts). Node reports the cut as a client error on the
 * socket; this listener runs before Fastify's, which then finds the socket closed.
 */
export function answerRequestTimeouts(app: FastifyInstance): void {
  app.server.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT' || socket.destroyed) return;
    // The request whose body was late, when its headers had arrived (Node's in-flight response).
    const req = (socket as { _httpMessage?: { req?: { url?: string; headers: IncomingHttpHeaders } } })._httpMessage?.req;
    const body = JSON.stringify(
      httpErrorBody({ url: req?.url ?? '', headers: req?.headers ?? {} }, 408, (t) => t.limits.requestTimeout()),
    );
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
}
