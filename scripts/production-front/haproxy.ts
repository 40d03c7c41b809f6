import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { PRODUCTION_HOST } from '../../server/testing/production-env';
import { freePort } from '../../server/testing/spawn-server';
import { type Fetch, fetchResolvingTo } from './front-client';

/** Debian's package puts it here; HAPROXY overrides. */
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

/** The production front as shipped; runs give it their addresses through its variables. */
export const FRONT_CONFIG = resolve(import.meta.dirname, '../../deploy/haproxy.cfg');

/** The processes deploy/haproxy.cfg lists: its `server` lines and the variable each one reads. */
export function frontServerVariables(config = readFileSync(FRONT_CONFIG, 'utf8')): string[] {
  return [...config.matchAll(/^\s*server \S+ "\$\{(MINDA_\d+)-[^}]*\}"/gm)].map(([, name]) => name!);
}

/**
 * A certificate for PRODUCTION_HOST made for this run, signed by itself: the front's PEM
 * (certificate and key) in `dir`, and the certificate for clients to trust.
 */
export function runCertificate(dir: string): { pemFile: string; ca: string } {
  const [certFile, keyFile, pemFile] = ['cert.pem', 'key.pem', 'front.pem'].map((name) => join(dir, name));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', `/CN=${PRODUCTION_HOST}`, '-addext', `subjectAltName=DNS:${PRODUCTION_HOST}`, '-keyout', keyFile!, '-out', certFile!],
    { stdio: 'ignore' },
  );
  const ca = readFileSync(certFile!, 'utf8');
  writeFileSync(pemFile!, ca + readFileSync(keyFile!, 'utf8'));
  return { pemFile: pemFile!, ca };
}

export interface Haproxy {
  /** https://minda.test:<port>: the PUBLIC_URL the processes must be given. */
  publicUrl: string;
  /** http://127.0.0.1:<port>, which redirects to https. */
  plainUrl: string;
  /** Reaches publicUrl on this machine, trusting this run's certificate. */
  fetch: Fetch;
  stop: () => Promise<void>;
}

export interface FrontPorts {
  https: number;
  http: number;
}

/** Waits until HAProxy accepts connections on `port`; fails if it exits first or takes over 10 s. */
async function untilListening(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      }).once('error', () => resolve(false));
    });
    if (accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`HAProxy did not listen on ${port}`);
}

/** Free ports for the front; take them before starting the processes, whose PUBLIC_URL names one. */
export async function frontPorts(): Promise<FrontPorts> {
  return { https: await freePort(), http: await freePort() };
}

/** The public address of a front on `ports`. */
export const frontPublicUrl = (ports: FrontPorts) => `https://${PRODUCTION_HOST}:${ports.https}`;

/**
 * Runs deploy/haproxy.cfg in the foreground on loopback, with a certificate made in `dir`, over
 * the processes on `serverPorts` (one per `server` line of the file), after `haproxy -c` passed.
 * Its request log goes to this process's stdout with `log: true` (FRONT_LOG=1), else nowhere.
 */
export async function startHaproxy(dir: string, front: { ports: FrontPorts; serverPorts: readonly number[]; log?: boolean }): Promise<Haproxy> {
  const servers = frontServerVariables();
  if (servers.length !== front.serverPorts.length) {
    throw new Error(`${FRONT_CONFIG} lists ${servers.length} processes; this run starts ${front.serverPorts.length}`);
  }
  const certificate = runCertificate(dir);
  const env = {
    ...process.env,
    MINDA_TLS_CERT: certificate.pemFile,
    MINDA_HTTPS: `127.0.0.1:${front.ports.https}`,
    MINDA_HTTP: `127.0.0.1:${front.ports.http}`,
    // The abstract socket namespace is the machine's: two runs side by side need two names.
    MINDA_WRITES_HOP: `minda-writes-${front.ports.https}`,
    ...Object.fromEntries(servers.map((name, n) => [name, `127.0.0.1:${front.serverPorts[n]}`])),
  };
  const check = spawn(HAPROXY, ['-c', '-q', '-f', FRONT_CONFIG], { env, stdio: 'inherit' });
  const valid = await new Promise<number | null>((resolve) => check.once('exit', resolve));
  if (valid !== 0) throw new Error(`haproxy refused ${FRONT_CONFIG}`);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', FRONT_CONFIG], { env, stdio: ['ignore', front.log ? 'inherit' : 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await untilListening(front.ports.https, child);
  return {
    publicUrl: frontPublicUrl(front.ports),
    plainUrl: `http://127.0.0.1:${front.ports.http}`,
    fetch: fetchResolvingTo('127.0.0.1', certificate.ca),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
