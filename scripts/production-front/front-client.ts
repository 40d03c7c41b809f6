import { Agent, request } from 'node:https';

/** What the load calls to reach the front: fetch's shape, with a string body. */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * fetch() as a browser at the production address would use it, with the name resolved to
 * `address` (127.0.0.1) instead of asking DNS: TLS names the host (SNI) and checks the front's
 * certificate against `ca`, the run's own; Host is the address's. Connections are kept and
 * reused as a browser's are, which matters to the front (decision 0036). Node's fetch cannot
 * be given a certificate authority without the undici package, so this speaks node:https.
 */
export function fetchResolvingTo(address: string, ca: string): Fetch {
  const agent = new Agent({ keepAlive: true, ca });
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      if (init.body != null && typeof init.body !== 'string') throw new Error('fetchResolvingTo sends string bodies only');
      const sent = request(
        {
          agent,
          host: address,
          port: target.port || 443,
          servername: target.hostname,
          method: init.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { host: target.host, ...Object.fromEntries(new Headers(init.headers)) },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
          answer.on('end', () => {
            const headers = new Headers();
            for (let n = 0; n < answer.rawHeaders.length; n += 2) headers.append(answer.rawHeaders[n]!, answer.rawHeaders[n + 1]!);
            const status = answer.statusCode ?? 0;
            resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      // As fetch does: a failed connection is a TypeError whose cause says why.
      sent.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
      sent.end(init.body ?? undefined);
    });
}
