import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../testing/caller';
import { startTestApp, type TestApp } from '../testing/test-app';

// No database work here: one dialect is enough.
describe('the launch offer in visitor info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { OFFER_ENDS_AT: '2026-12-31' } });
  });
  afterAll(() => t.close());

  const visitorInfoAt = (now: string) => {
    t.services.now = () => new Date(now);
    return callerFor(t.services).billing.visitorInfo();
  };

  it('counts the days left by the server clock, the last day included', async () => {
    expect(await visitorInfoAt('2026-12-30T10:00:00+08:00')).toEqual({ hasSpecialOffer: true, daysRemaining: 2 });
    expect(await visitorInfoAt('2026-12-31T00:00:00+08:00')).toEqual({ hasSpecialOffer: true, daysRemaining: 1 });
    expect(await visitorInfoAt('2026-12-31T23:59:00+08:00')).toEqual({ hasSpecialOffer: true, daysRemaining: 1 });
  });

  it('ends when the offer day is over, over REST as in-process', async () => {
    expect(await visitorInfoAt('2027-01-01T00:00:00+08:00')).toEqual({ hasSpecialOffer: false, daysRemaining: 0 });
    expect((await t.app.inject('/api/visitor-info')).json()).toEqual({ hasSpecialOffer: false, daysRemaining: 0 });
  });

  it('answers the same count on every visit: no per-visit timer', async () => {
    const first = await visitorInfoAt('2026-12-20T09:00:00+08:00');
    expect(await visitorInfoAt('2026-12-20T09:00:00+08:00')).toEqual(first);
  });
});
