import type { TestApp } from './test-app';

/** The test app whose `close` also stops the local stand-in (SMTP, Stripe) started for it. */
export function closeAlongside<T extends TestApp>(t: T, service: { stop: () => Promise<void> }): T {
  return {
    ...t,
    close: async () => {
      await t.close();
      await service.stop();
    },
  };
}
