import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebhookEndpoint, webhookSecretOf } from '../../../db/repositories/webhooks';
import { TEST_DIALECTS } from '../../../db/testing/test-databases';
import { type Env } from '../../env';
import { signInNewOperator, type SignedInOperator } from '../../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { deliverDueWebhooks } from '../../webhooks/deliver-webhooks';
import { queueTestWebhook } from '../../webhooks/queue-webhook-events';

/**
 * Webhook targets in every spelling that reaches this server or a private network (issue 24).
 * Only loopback is ever connected to: the other ranges are tested where no connection opens
 * (registration here, domain/network-address.test.ts), and at delivery a name resolves, through
 * a lookup the test gives, to loopback alone. `localhost` is the only name handed to a lookup,
 * so even a broken injection would read /etc/hosts, never ask a DNS server.
 */

/** Every spelling of an address the server must not post to in production. */
const REFUSED_TARGETS = [
  'https://[::ffff:127.0.0.1]:8443/events',
  'https://[::ffff:7f00:1]/events',
  'https://[::ffff:a9fe:a9fe]/latest/meta-data',
  'https://169.254.169.254/latest/meta-data',
  'https://localhost./events',
  'https://localhost/events',
  'https://hooks.localhost/events',
  'https://127.1/events',
  'https://2130706433/events',
  'https://0x7f000001/events',
  'https://0177.0.0.1/events',
  'https://[::1]/events',
  'https://[::]/events',
  'https://0.0.0.0/events',
  'https://10.0.0.8/events',
  'https://172.16.5.4/events',
  'https://192.168.1.20/events',
  'https://100.64.0.1/events',
  'https://198.18.0.1/events',
  'https://[fec0::1]/events',
  'https://[fd00::1]/events',
  'https://[fe80::1]/events',
  'https://[ff02::1]/events',
  'https://[::ffff:10.0.0.8]/events',
  'https://[::ffff:100.64.0.1]/events',
  'https://[64:ff9b::a9fe:a9fe]/events',
];

/** A loopback listener that counts connections, so a refusal is seen to send nothing at all. */
async function startCountingListener(host: string, answer: (res: import('node:http').ServerResponse) => void) {
  let connections = 0;
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => answer(res));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    requests: () => requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A resolver that answers `address` for every name, in both of the shapes Node asks for. */
function resolvingTo(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

describe.each(TEST_DIALECTS)('webhook targets on %s', (dialect) => {
  let t: TestApp;
  let testEnv: Env;
  let production: Env;
  let operator: SignedInOperator;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    testEnv = t.services.env;
    production = { ...testEnv, nodeEnv: 'production' };
    operator = await signInNewOperator(t);
    await webhookSecretOf(t.services.db, operator.userId, 'whsec_targets');
  });
  afterAll(async () => {
    t.services.env = testEnv;
    await t.close();
  });

  /** One test event for a new endpoint at `url`, stored as is (registration would refuse it). */
  async function queuedFor(url: string) {
    await t.services.db.deleteFrom('webhook_deliveries').where('user_id', '=', operator.userId).execute();
    await t.services.db.deleteFrom('webhook_endpoints').where('user_id', '=', operator.userId).execute();
    const endpointId = await insertWebhookEndpoint(t.services.db, { userId: operator.userId, url, now: new Date() });
    await queueTestWebhook(t.services.db, { userId: operator.userId, endpointId, now: new Date() });
  }

  const lastError = async () =>
    (await t.services.db.selectFrom('webhook_deliveries').select('last_error').where('user_id', '=', operator.userId).executeTakeFirstOrThrow()).last_error;

  it('refuses every spelling of loopback, metadata and private addresses at registration in production, in the caller’s language', async () => {
    t.services.env = production;
    try {
      for (const url of REFUSED_TARGETS) {
        expect(await operator.rest('POST', '/api/webhooks', { url }), url).toMatchObject({
          status: 400,
          body: { error: 'The endpoint must be a public address, not one on a private network or this server.' },
        });
      }
      const inMalay = await t.app.inject({
        method: 'POST',
        url: '/trpc/admin.webhooks.register',
        headers: { cookie: operator.cookie, origin: testEnv.publicUrl, 'content-type': 'application/json', 'accept-language': 'ms' },
        payload: JSON.stringify({ json: { url: 'https://[::ffff:a9fe:a9fe]/latest/meta-data' } }),
      });
      expect(inMalay.statusCode).toBe(400);
      expect(inMalay.json().error.json.message).toBe('Titik akhir mestilah alamat awam, bukan alamat rangkaian persendirian atau pelayan ini.');
      expect(await t.services.db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', operator.userId).execute()).toEqual([]);
      // A name is judged by its address at each delivery, below.
      expect((await operator.rest('POST', '/api/webhooks', { url: 'https://hooks.clinic.example/events' })).status).toBe(201);
    } finally {
      t.services.env = testEnv;
    }
  });

  it('delivers through the injected lookup outside production, and follows no redirect', async () => {
    // 127.0.0.2 answers only if the test's lookup, not /etc/hosts (127.0.0.1), chose the address.
    const receiver = await startCountingListener('127.0.0.2', (res) => res.writeHead(302, { location: 'http://127.0.0.2/elsewhere' }).end());
    try {
      await queuedFor(`http://localhost:${receiver.port}/events`);
      expect(await deliverDueWebhooks({ ...t.services, lookup: resolvingTo('127.0.0.2') })).toEqual({ delivered: 0, failed: 1 });
      expect(receiver.requests()).toBe(1);
      expect(await lastError()).toBe('HTTP 302');
    } finally {
      await receiver.stop();
    }
  });

  it('refuses, at connect time in production, a name that resolves to loopback, in every form, and sends nothing', async () => {
    const receiver = await startCountingListener('127.0.0.1', (res) => res.writeHead(204).end());
    t.services.env = production;
    try {
      const resolvers: [string, LookupFunction | undefined][] = [
        ['/etc/hosts', undefined],
        ['127.0.0.1', resolvingTo('127.0.0.1')],
        ['::1', resolvingTo('::1')],
        ['::ffff:127.0.0.1', resolvingTo('::ffff:127.0.0.1')],
      ];
      for (const [answer, lookup] of resolvers) {
        for (const scheme of ['https', 'http']) {
          await queuedFor(`${scheme}://localhost:${receiver.port}/events`);
          expect(await deliverDueWebhooks({ ...t.services, lookup }), `${scheme} via ${answer}`).toEqual({ delivered: 0, failed: 1 });
          expect(await lastError(), `${scheme} via ${answer}`).toMatch(/is not allowed/);
        }
      }
      // And the same address written out, as a row stored before this rule could have.
      await queuedFor(`http://127.0.0.1:${receiver.port}/events`);
      expect(await deliverDueWebhooks(t.services)).toEqual({ delivered: 0, failed: 1 });
      expect(receiver.connections()).toBe(0);
    } finally {
      t.services.env = testEnv;
      await receiver.stop();
    }
  });
});
