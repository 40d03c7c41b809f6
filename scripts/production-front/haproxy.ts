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
 */
export function haproxyConfig(front: { port: number; servers: readonly { name: string; port: number }[] }): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option http-server-close',
    '  option forwardfor',
    '  retries 3',
    '  option redispatch',
    'frontend minda',
    `  bind 127.0.0.1:${front.port}`,
    '  unique-id-format %{+X}o%Ts-%rt-%pid',
    '  unique-id-header X-Request-ID',
    '  default_backend processes',
    'backend processes',
    '  balance roundrobin',
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
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
