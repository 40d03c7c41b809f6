import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { postWebhook } from './post-webhook';

it('gives up on a receiver that never answers, as a timeout, once the attempt’s time is out', async () => {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/events`;
    const started = Date.now();
    const attempt = postWebhook({ url, headers: {}, body: '{}', timeoutMs: 200, rules: { production: false, allowedNetworks: [] } });
    await expect(attempt).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
  } finally {
    silent.closeAllConnections();
    silent.close();
  }
});
