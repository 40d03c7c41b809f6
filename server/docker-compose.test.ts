import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every `NAME: value` of docker-compose.yml's environments. */
const SETTINGS = [...readFileSync('docker-compose.yml', 'utf8').matchAll(/^\s+([A-Z][A-Z0-9_]*):\s*(.+)$/gm)].map(([, name, value]) => ({
  name: name!,
  value: value!.trim(),
}));

const valueOf = (name: string) => SETTINGS.find((setting) => setting.name === name)?.value;

/** What is left of a value once compose has replaced its ${…} from the environment. */
const literalPart = (value: string) => value.replace(/\$\{[^}]*\}/g, '');

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
});
