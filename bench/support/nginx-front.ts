import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../server/testing/spawn-server';
import type { BenchServer } from './bare-http-server';

const NGINX = '/usr/sbin/nginx';
/** The production front as committed: measured as it is, but for its addresses and folders. */
const FRONT_CONFIG = resolve(import.meta.dirname, '../../deploy/nginx.conf');
const STARTUP_TIMEOUT_MS = 10_000;

export interface NginxFront {
  /** deploy/nginx.conf in front of the app. */
  proxy: BenchServer;
  /** The same nginx sending a file: the floor of what the proxy can do with a kept answer. */
  fileUrl: string;
}

/** deploy/nginx.conf with the app's address, a free port and a cache folder of its own. */
function frontConfig(appUrl: string, port: number, cacheDir: string): string {
  const lines = [`server ${new URL(appUrl).host};`, `listen 127.0.0.1:${port};`, cacheDir];
  const replaced = readFileSync(FRONT_CONFIG, 'utf8')
    .replace('server 127.0.0.1:3000;', lines[0]!)
    .replace('listen 80;', lines[1]!)
    .replace('/var/cache/nginx/minda', lines[2]!);
  if (lines.some((line) => !replaced.includes(line))) throw new Error('deploy/nginx.conf no longer has the lines the benchmark adapts');
  return replaced;
}

async function waitUntilListening(url: string, nginx: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
    if (await fetch(url).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not start');
}

/** Starts Debian's nginx (apt-get install nginx-light) with the committed front before `appUrl`. */
export async function startNginxFront(appUrl: string, fileBody: Buffer, fileType: string): Promise<NginxFront> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light`);
  const dir = mkdtempSync(join(tmpdir(), 'minda-nginx-'));
  for (const folder of ['cache', 'files', 'temp']) mkdirSync(join(dir, folder));
  writeFileSync(join(dir, 'files', 'answer'), fileBody);
  const [proxyPort, filePort] = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'minda.conf'), frontConfig(appUrl, proxyPort, join(dir, 'cache')));
  const errorLog = join(dir, 'error.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
${process.getuid?.() === 0 ? '# Workers run as the user who started nginx, who owns the folders.\nuser root;' : ''}
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${dir}/temp/${kind};`).join('\n  ')}
  include ${dir}/minda.conf;
  server {
    listen 127.0.0.1:${filePort};
    location / { root ${dir}/files; try_files /answer =404; default_type "${fileType}"; }
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', errorLog], { stdio: 'ignore' });
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const close = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(`${proxyUrl}/healthz`, nginx, errorLog);
  } catch (error) {
    await close();
    throw error;
  }
  return { proxy: { url: proxyUrl, close }, fileUrl: `http://127.0.0.1:${filePort}/` };
}
