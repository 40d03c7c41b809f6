import { randomBytes } from 'node:crypto';
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

  it('takes a blank variable for an unset one, as a compose file passes an unset ${VARIABLE}', () => {
    const varDir = tempVar();
    const names = ['NODE_ENV', 'PORT', 'HOST', 'DATABASE_URL', 'PUBLIC_URL', 'SESSION_SECRET', 'SEED_DEMO', 'LOG_LEVEL', 'SMTP_URL', 'MAIL_FROM', 'TRUST_PROXY', 'FREE_BOOKINGS', 'OPENAI_API_KEY', 'OPENAI_MODEL', 'OPENAI_BASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET', 'STRIPE_OFFER_COUPON_ID', 'STRIPE_API_URL', 'OFFER_ENDS_AT'];
    const unset = loadEnv({ VAR_DIR: varDir });
    expect(loadEnv({ VAR_DIR: varDir, ...Object.fromEntries(names.map((name) => [name, ''])) })).toEqual(unset);
    expect(loadEnv({ VAR_DIR: varDir, ...Object.fromEntries(names.map((name) => [name, ' \t'])) })).toEqual(unset);
    expect(unset.databaseUrl).toBe('sqlite:var/minda.sqlite');
  });

  it('refuses to start production without real secrets, naming each missing one', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: is required in production[\s\S]*PUBLIC_URL: is required in production[\s\S]*SMTP_URL: is required in production[\s\S]*MAIL_FROM: is on minda.local/,
    );
  });

  it('explains each invalid variable in one readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'postgres://x', SESSION_SECRET: 'short' })).toThrow(
      /PORT: .*\n.*DATABASE_URL: must start with mysql:\/\/ or sqlite:\n.*SESSION_SECRET: must be at least 32 characters/,
    );
  });

  it('allows 3 free bookings unless FREE_BOOKINGS says otherwise', () => {
    expect(loadEnv({ VAR_DIR: tempVar() }).freeBookings).toBe(3);
    expect(loadEnv({ VAR_DIR: tempVar(), FREE_BOOKINGS: '10' }).freeBookings).toBe(10);
    expect(() => loadEnv({ VAR_DIR: tempVar(), FREE_BOOKINGS: 'many' })).toThrow(/FREE_BOOKINGS: /);
    expect(() => loadEnv({ VAR_DIR: tempVar(), FREE_BOOKINGS: '-1' })).toThrow(/FREE_BOOKINGS: /);
  });

  it('looks for due mail every 2 s unless OUTBOX_INTERVAL_MS says otherwise, and never more often than every 100 ms', () => {
    expect(loadEnv({ VAR_DIR: tempVar() }).outboxIntervalMs).toBe(2_000);
    expect(loadEnv({ VAR_DIR: tempVar(), OUTBOX_INTERVAL_MS: '200' }).outboxIntervalMs).toBe(200);
    expect(() => loadEnv({ VAR_DIR: tempVar(), OUTBOX_INTERVAL_MS: '10' })).toThrow(/OUTBOX_INTERVAL_MS: /);
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

  it('refuses a malformed address or CIDR in TRUST_PROXY, METRICS_ALLOW and WEBHOOK_ALLOWED_NETWORKS with a sentence, before anything listens', () => {
    for (const value of ['10.0.0.0/33', '10.0.0/8', '::1/129', '10.0.0.1/8/8', '10.0.0.0/', '999.1.1.1']) {
      expect(() => loadEnv({ VAR_DIR: tempVar(), WEBHOOK_ALLOWED_NETWORKS: value }), value).toThrow(/WEBHOOK_ALLOWED_NETWORKS: must be IP addresses or CIDRs/);
      expect(() => loadEnv({ VAR_DIR: tempVar(), METRICS_ALLOW: value }), value).toThrow(/METRICS_ALLOW: must be IP addresses or CIDRs/);
      expect(() => loadEnv({ VAR_DIR: tempVar(), TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be/);
    }
    expect(loadEnv({ VAR_DIR: tempVar(), METRICS_ALLOW: ' 10.0.0.0/8, ::1/128,192.0.2.7 ' }).metrics.allow).toEqual(['10.0.0.0/8', '::1/128', '192.0.2.7']);
    expect(loadEnv({ VAR_DIR: tempVar(), WEBHOOK_ALLOWED_NETWORKS: '10.1.2.0/24, 127.0.0.1' }).webhookAllowedNetworks).toEqual(['10.1.2.0/24', '127.0.0.1']);
    expect(loadEnv({ VAR_DIR: tempVar() }).webhookAllowedNetworks).toEqual([]);
  });

  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_minda',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_minda',
    STRIPE_PRICE_ID: 'price_monthly',
    STRIPE_WEBHOOK_SECRET: 'whsec_minda',
  };

  it('runs billing in test mode without Stripe keys, and with Stripe once all four are set', () => {
    expect(loadEnv({ VAR_DIR: tempVar() }).stripe).toBeUndefined();
    const blank = { STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: ' ', STRIPE_PRICE_ID: '', STRIPE_WEBHOOK_SECRET: '', OFFER_ENDS_AT: '' };
    expect(loadEnv({ VAR_DIR: tempVar(), ...blank })).toMatchObject({ stripe: undefined, offerEndsAt: undefined });
    expect(loadEnv({ VAR_DIR: tempVar(), ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toEqual({
      secretKey: 'sk_test_minda',
      publishableKey: 'pk_test_minda',
      priceId: 'price_monthly',
      webhookSecret: 'whsec_minda',
      connectWebhookSecret: undefined,
      offerCouponId: undefined,
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it("takes the Connect endpoint's own signing secret beside the platform one, and only a whsec_ one", () => {
    expect(loadEnv({ VAR_DIR: tempVar(), ...STRIPE, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect' }).stripe?.connectWebhookSecret).toBe('whsec_connect');
    expect(() => loadEnv({ VAR_DIR: tempVar(), ...STRIPE, STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_test_swapped' })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
  });

  it('refuses a partial Stripe configuration, naming each missing key', () => {
    const { STRIPE_PRICE_ID: _price, STRIPE_WEBHOOK_SECRET: _secret, ...partial } = STRIPE;
    expect(() => loadEnv({ VAR_DIR: tempVar(), ...partial })).toThrow(
      /STRIPE_PRICE_ID: is required once any Stripe key is set\n.*STRIPE_WEBHOOK_SECRET: is required once any Stripe key is set/,
    );
    expect(() => loadEnv({ VAR_DIR: tempVar(), ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_swapped' })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
  });

  it('requires the offer coupon with Stripe while a launch offer is announced, so the shown price is charged', () => {
    expect(() => loadEnv({ VAR_DIR: tempVar(), ...STRIPE, OFFER_ENDS_AT: '2026-12-31' })).toThrow(/STRIPE_OFFER_COUPON_ID: is required while OFFER_ENDS_AT/);
    const env = loadEnv({ VAR_DIR: tempVar(), ...STRIPE, OFFER_ENDS_AT: '2026-12-31', STRIPE_OFFER_COUPON_ID: 'launch39' });
    expect(env.stripe?.offerCouponId).toBe('launch39');
    expect(loadEnv({ VAR_DIR: tempVar(), OFFER_ENDS_AT: '2026-12-31' }).offerEndsAt).toBeDefined();
  });

  /** A production start that passes every check; tests spoil one variable at a time. */
  const PRODUCTION = {
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('base64'),
    PUBLIC_URL: 'https://screen.klinik.my',
    SMTP_URL: 'smtps://user:pass@smtp.klinik.my:465',
    MAIL_FROM: 'Klinik Minda <no-reply@klinik.my>',
    ...STRIPE,
  };

  // Issue 24: compose started "fine" with mail in files, links to http://localhost:3000 and a .local sender.
  it('refuses production without SMTP_URL, saying mail would only reach files', () => {
    expect(loadEnv(PRODUCTION).smtpUrl).toBe(PRODUCTION.SMTP_URL);
    const { SMTP_URL: _smtp, ...withoutSmtp } = PRODUCTION;
    expect(() => loadEnv(withoutSmtp)).toThrow(/SMTP_URL: is required in production: without it every mail is written to a file/);
  });

  it('refuses a PUBLIC_URL that is not https, or that names this machine, in production', () => {
    expect(() => loadEnv({ ...PRODUCTION, PUBLIC_URL: 'http://screen.klinik.my' })).toThrow(/PUBLIC_URL: must be https in production/);
    for (const local of ['https://localhost:3000', 'https://LOCALHOST.', 'https://minda.localhost', 'https://127.0.0.1', 'https://127.1.2.3:8443', 'https://[::1]', 'https://[::ffff:127.0.0.1]', 'https://0.0.0.0']) {
      expect(() => loadEnv({ ...PRODUCTION, PUBLIC_URL: local }), local).toThrow(/PUBLIC_URL: names this machine/);
    }
    for (const fine of ['https://screen.klinik.my', 'https://minda.test:8443', 'https://203.0.113.7', 'https://localhost.klinik.my']) {
      expect(loadEnv({ ...PRODUCTION, PUBLIC_URL: fine }).publicUrl, fine).toBe(fine);
    }
    // Outside production, the local default stays.
    expect(loadEnv({ VAR_DIR: tempVar() }).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses a MAIL_FROM on a reserved domain in production, the default included', () => {
    const { MAIL_FROM: _from, ...withoutSender } = PRODUCTION;
    expect(() => loadEnv(withoutSender)).toThrow(/MAIL_FROM: is on minda.local, a reserved domain \(.local\) for which no SPF or DMARC check passes/);
    const reserved = {
      'no-reply@clinic.local': '.local',
      'Minda <no-reply@minda.localhost>': '.localhost',
      'a@klinik.example': '.example',
      'A <a@mail.minda.test.>': '.test',
      'a@x.INVALID': '.invalid',
      'a@example.com': '.example.com',
      '"Klinik, Minda" <a@news.example.net>': '.example.net',
      'a@example.org': '.example.org',
    };
    for (const [from, domain] of Object.entries(reserved)) {
      expect(() => loadEnv({ ...PRODUCTION, MAIL_FROM: from }), from).toThrow(`a reserved domain (${domain})`);
    }
    for (const from of ['no-reply', 'Minda <no-reply@localhost>', 'a@minda']) {
      expect(() => loadEnv({ ...PRODUCTION, MAIL_FROM: from }), from).toThrow(/MAIL_FROM: (must be an address on your own domain|is on localhost)/);
    }
    for (const from of ['no-reply@klinik.my', 'Klinik <no-reply@mail.klinik.com.my>', 'a@notexample.com', 'a@example.com.my']) {
      expect(loadEnv({ ...PRODUCTION, MAIL_FROM: from }).mailFrom, from).toBe(from);
    }
    // Outside production the .local default stays, for files and local SMTP sinks.
    expect(loadEnv({ VAR_DIR: tempVar() }).mailFrom).toBe('Minda <no-reply@minda.local>');
  });

  it('starts production with a random session secret, and refuses placeholders and repetitive ones, saying how to make one', () => {
    expect(loadEnv(PRODUCTION).sessionSecret).toBe(PRODUCTION.SESSION_SECRET);
    // The value docker-compose.yml shipped: with it anyone could seal an operator's session.
    expect(() => loadEnv({ ...PRODUCTION, SESSION_SECRET: 'change-me-to-32-or-more-random-characters' })).toThrow(
      /SESSION_SECRET: looks like a placeholder: generate one with `openssl rand -base64 32`/,
    );
    expect(() => loadEnv({ ...PRODUCTION, SESSION_SECRET: 'x'.repeat(40) })).toThrow(/SESSION_SECRET: is too repetitive to be random/);
    expect(() => loadEnv({ ...PRODUCTION, SESSION_SECRET: 'k3Y'.repeat(8) })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    // Outside production, tests and local starts may use any long enough secret.
    expect(loadEnv({ VAR_DIR: tempVar(), SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toBe('x'.repeat(32));
  });

  it('refuses TRUST_PROXY=true in production, where any client could pick its address; named proxies and hop counts start', () => {
    expect(() => loadEnv({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must name the proxies \(addresses or CIDRs\) or count their hops in production/);
    expect(loadEnv({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(typeof loadEnv({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe('function');
  });

  it('never seeds the demo operator in production, and refuses SEED_DEMO=true there', () => {
    expect(loadEnv({ ...PRODUCTION, DATABASE_URL: 'sqlite:var/minda.sqlite' }).seedDemo).toBe(false);
    expect(() => loadEnv({ ...PRODUCTION, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: must not be true in production: the demo operator's password is published/);
    expect(loadEnv({ ...PRODUCTION, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses to start production in billing test mode, and starts it with Stripe', () => {
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, STRIPE_PRICE_ID: _i, STRIPE_WEBHOOK_SECRET: _w, ...production } = PRODUCTION;
    expect(() => loadEnv(production)).toThrow(EnvError);
    expect(() => loadEnv(production)).toThrow(/STRIPE_SECRET_KEY: and the other Stripe keys are required in production: without them billing runs in test mode/);
    expect(loadEnv({ ...production, ...STRIPE }).stripe?.priceId).toBe('price_monthly');
  });

  it('reads the launch offer end: a date lasts through that day in Malaysia, a date-time is exact', () => {
    expect(loadEnv({ VAR_DIR: tempVar() }).offerEndsAt).toBeUndefined();
    expect(loadEnv({ VAR_DIR: tempVar(), OFFER_ENDS_AT: '2026-12-31' }).offerEndsAt).toEqual(new Date('2026-12-31T16:00:00Z'));
    expect(loadEnv({ VAR_DIR: tempVar(), OFFER_ENDS_AT: '2026-12-31T12:00:00+08:00' }).offerEndsAt).toEqual(new Date('2026-12-31T04:00:00Z'));
    expect(() => loadEnv({ VAR_DIR: tempVar(), OFFER_ENDS_AT: 'next Friday' })).toThrow(/OFFER_ENDS_AT: must be an ISO date or date-time/);
  });

  it('writes insights without a model unless OPENAI_API_KEY is set, on OpenAI unless OPENAI_BASE_URL names another server', () => {
    expect(loadEnv({ VAR_DIR: tempVar() }).openai).toBeUndefined();
    expect(loadEnv({ VAR_DIR: tempVar(), OPENAI_API_KEY: ' ', OPENAI_MODEL: '', OPENAI_BASE_URL: '' }).openai).toBeUndefined();
    expect(loadEnv({ VAR_DIR: tempVar(), OPENAI_API_KEY: 'sk-test' }).openai).toEqual({ apiKey: 'sk-test', model: 'gpt-4o-mini', baseUrl: undefined });
    const local = loadEnv({ VAR_DIR: tempVar(), OPENAI_API_KEY: 'local', OPENAI_MODEL: 'llama3.1', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' });
    expect(local.openai).toEqual({ apiKey: 'local', model: 'llama3.1', baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(() => loadEnv({ VAR_DIR: tempVar(), OPENAI_BASE_URL: '127.0.0.1:11434' })).toThrow(/OPENAI_BASE_URL: /);
  });
});
