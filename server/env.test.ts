import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const tempVar = () => mkdtempSync(join(tmpdir(), 'minda-env-'));

describe('loadEnv', () => {
  it('needs nothing for a local start: embedded database, port 3000, demo data', () => {
    const env = loadEnv({ VAR_DIR: tempVar() });
    expect(env).toMatchObject({
      port: 3000,
      databaseUrl: 'sqlite:var/minda.sqlite',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      nodeEnv: 'development',
    });
  });

  it('generates a session secret once and keeps it under the var folder', () => {
    const varDir = tempVar();
    const first = loadEnv({ VAR_DIR: varDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ VAR_DIR: varDir }).sessionSecret).toBe(first);
    expect(readFileSync(join(varDir, 'session-secret'), 'utf8')).toBe(first);
  });

  it('does not seed demo data into MySQL unless asked', () => {
    expect(loadEnv({ VAR_DIR: tempVar(), DATABASE_URL: 'mysql://root@db/minda' }).seedDemo).toBe(false);
    expect(loadEnv({ VAR_DIR: tempVar(), DATABASE_URL: 'mysql://root@db/minda', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses to start production without real secrets, naming each missing one', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production[\s\S]*PUBLIC_URL: is required in production/);
  });

  it('explains each invalid variable in one readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'postgres://x', SESSION_SECRET: 'short' })).toThrow(
      /PORT: .*\n.*DATABASE_URL: must start with mysql:\/\/ or sqlite:\n.*SESSION_SECRET: must be at least 32 characters/,
    );
  });

  it('trims a trailing slash from the public URL used in links', () => {
    expect(loadEnv({ VAR_DIR: tempVar(), PUBLIC_URL: 'https://screen.klinik.my/' }).publicUrl).toBe('https://screen.klinik.my');
  });

  it('writes mail to files unless SMTP_URL is given, from a default sender', () => {
    expect(loadEnv({ VAR_DIR: tempVar() })).toMatchObject({ smtpUrl: undefined, mailFrom: 'Minda <no-reply@minda.local>' });
    const env = loadEnv({ VAR_DIR: tempVar(), SMTP_URL: 'smtps://user:pass@smtp.klinik.my:465', MAIL_FROM: 'Klinik <hi@klinik.my>' });
    expect(env).toMatchObject({ smtpUrl: 'smtps://user:pass@smtp.klinik.my:465', mailFrom: 'Klinik <hi@klinik.my>' });
    expect(() => loadEnv({ VAR_DIR: tempVar(), SMTP_URL: 'mail.klinik.my' })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
  });

  it('trusts no proxy by default; TRUST_PROXY names them, or counts hops', () => {
    expect(loadEnv({ VAR_DIR: tempVar() }).trustProxy).toBe(false);
    expect(loadEnv({ VAR_DIR: tempVar(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEnv({ VAR_DIR: tempVar(), TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    const oneHop = loadEnv({ VAR_DIR: tempVar(), TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(() => loadEnv({ VAR_DIR: tempVar(), TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
