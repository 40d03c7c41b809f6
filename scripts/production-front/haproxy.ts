import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's package puts it here; HAPROXY overrides. */
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

/**
 * The balancer as production would run it: round robin over the processes, each checked on
 * /readyz twice a second (two failures take it out, two passes bring it back), no keep-alive
 * to the processes (a draining process gets no new request on an old connection), a failed
 * connect retried on another process, and a request id every process logs and echoes.
 *
 * When a process dies with a request in flight, HAProxy 2.6 answers 502 only on a client
 * connection's first request; on a reused one it closes the connection without an answer or
 * a log line, the HTTP/1.1 signal that the client may send it again (http_ana.c,
 * abort_keep_alive). A read (GET, HEAD) is therefore retried here on another process
 * (`retry-on empty-response`), so the visitor sees nothing. A write must not be replayed,
 * and a browser may replay one on a silently closed connection, so writes reach the
 * processes through an internal hop that gets each on a connection of its own: there the
 * dead process's request is a first request, answered 502, which the front passes on.
 */
export function haproxyConfig(front: { port: number; servers: readonly { name: string; port: number }[]; log?: boolean }): string {
  return [
    'global',
    '  maxconn 4096',
    // FRONT_LOG=1: one line per request on HAProxy's stdout, with its termination state (SH, SD, CD…).
    ...(front.log ? ['  log stdout format raw local0'] : []),
    'defaults',
    '  mode http',
    ...(front.log ? ['  log global', '  option httplog'] : []),
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option http-server-close',
    '  retries 3',
    '  option redispatch 1',
    'frontend minda',
    `  bind 127.0.0.1:${front.port}`,
    '  option forwardfor',
    '  unique-id-format %{+X}o%Ts-%rt-%pid',
    '  unique-id-header X-Request-ID',
    '  use_backend writes unless METH_GET',
    '  default_backend processes',
    'backend writes',
    `  server hop abns@minda-writes-${front.port}`,
    'frontend writes-hop',
    `  bind abns@minda-writes-${front.port}`,
    '  default_backend processes',
    'backend processes',
    '  balance roundrobin',
    '  retry-on conn-failure empty-response response-timeout',
    '  http-request disable-l7-retry unless METH_GET',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    ...front.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ].join('\n');
}

export interface Haproxy {
  stop: () => Promise<void>;
}

/** Writes the configuration into `dir`, checks it (`haproxy -c`), and runs HAProxy in the foreground. */
export async function startHaproxy(dir: string, config: string): Promise<Haproxy> {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const check = spawn(HAPROXY, ['-c', '-q', '-f', file], { stdio: 'inherit' });
  const valid = await new Promise<number | null>((resolve) => check.once('exit', resolve));
  if (valid !== 0) throw new Error(`haproxy refused ${file}`);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
