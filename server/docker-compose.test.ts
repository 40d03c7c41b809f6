import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';

const COMPOSE = readFileSync('docker-compose.yml', 'utf8');

/** Every `NAME: value` of docker-compose.yml's environments. */
const SETTINGS = [...COMPOSE.matchAll(/^\s+([A-Z][A-Z0-9_]*):\s*(.+)$/gm)].map(([, name, value]) => ({
  name: name!,
  value: value!.trim(),
}));

const valueOf = (name: string) => SETTINGS.find((setting) => setting.name === name)?.value;

/** What is left of a value once compose has replaced its ${…} from the environment. */
const literalPart = (value: string) => value.replace(/\$\{[^}]*\}/g, '');

/** A value as compose reads it from an empty environment: each ${NAME:-default} is its default. */
const withDefaults = (value: string) => value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');

/** The lines of one service, from `  name:` to the next service or top-level key. */
const serviceBlock = (name: string) => new RegExp(`^  ${name}:\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(COMPOSE)?.[1] ?? '';

/** Runs the image's HEALTHCHECK command (Dockerfile, exec form) with `env`; answers its exit code. */
async function runHealthcheck(env: Record<string, string>): Promise<number | null> {
  const command = /^HEALTHCHECK .*CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
  const [program, ...args] = JSON.parse(command ?? '[]') as string[];
  expect(program).toBe('node');
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', resolve));
}

describe('docker-compose.yml', () => {
  // Issue 11: it shipped SESSION_SECRET=change-me-…, and with it anyone could seal an operator's cookie.
  it('takes every secret from the environment, and refuses to start without the ones it needs', () => {
    for (const name of ['SESSION_SECRET', 'MYSQL_PASSWORD', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(valueOf(name), name).toMatch(new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`));
    }
    expect(valueOf('DATABASE_URL')).toMatch(/^mysql:\/\/minda:\$\{MYSQL_PASSWORD:\?[^}]+\}@db:3306\/minda$/);
    const secrets = SETTINGS.filter(({ name }) => /SECRET|PASSWORD|_KEY$/.test(name) && !name.startsWith('MYSQL_RANDOM_'));
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const { name, value } of secrets) expect(literalPart(value), name).toBe('');
    for (const { name, value } of SETTINGS.filter((setting) => setting.name.endsWith('_URL'))) {
      expect(literalPart(value), `${name} carries no literal password`).not.toMatch(/\/\/[^/@]*:[^/@]+@/);
    }
  });

  it('leaves the root password to MySQL and never seeds the demo operator', () => {
    expect(valueOf('MYSQL_ROOT_PASSWORD')).toBeUndefined();
    expect(valueOf('MYSQL_RANDOM_ROOT_PASSWORD')).toBe('"yes"');
    expect(valueOf('SEED_DEMO')).toBeUndefined();
  });

  // Issue 24: the deploy started "fine" with mail in files, links to http://localhost:3000 and a .local sender.
  it('refuses to start without where mail goes, the public https address and the sender', () => {
    for (const name of ['SMTP_URL', 'PUBLIC_URL', 'MAIL_FROM']) {
      expect(valueOf(name), name).toMatch(new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`));
    }
  });

  it('passes the operations settings through from the environment', () => {
    for (const name of ['METRICS_TOKEN', 'METRICS_ALLOW', 'LOG_LEVEL', 'SHUTDOWN_DRAIN_MS']) {
      expect(valueOf(name), name).toBe(`\${${name}:-}`);
    }
  });

  it('restarts both services after a crash or a reboot, unless stopped by hand', () => {
    for (const service of ['db', 'app']) expect(serviceBlock(service), service).toMatch(/^ {4}restart: unless-stopped$/m);
  });

  it('publishes the app on 127.0.0.1 only unless told otherwise', () => {
    const ports = [...serviceBlock('app').matchAll(/^ {6}- "(.+)"$/gm)].map(([, mapping]) => withDefaults(mapping!));
    expect(ports).toEqual(['127.0.0.1:3000:3000']);
  });
});

describe('the image\'s HEALTHCHECK', () => {
  it('asks /healthz on the port PORT names, and fails while it is not 2xx', async () => {
    let status = 200;
    const server = createServer((req, res) => res.writeHead(req.url === '/healthz' ? status : 404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await runHealthcheck({ PORT: String(port) })).toBe(0);
      status = 503;
      expect(await runHealthcheck({ PORT: String(port) })).toBe(1);
    } finally {
      server.close();
    }
  });
});
