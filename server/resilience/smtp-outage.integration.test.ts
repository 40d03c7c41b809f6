import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { Poller } from '../background/poll';
import { startOutboxWorker } from '../mail/outbox-worker';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startSilentServer } from '../testing/silent-server';
import { type SmtpTestApp, startSmtpTestApp } from '../testing/smtp-test-app';

const BOOKINGS = 4;
/** Past the outbox's first retry delay (30 s): the failed mails are due again. */
const PAST_FIRST_RETRY_MS = 31_000;

describe.each(TEST_DIALECTS)('bookings while SMTP is down or hanging on %s', (dialect) => {
  let t: SmtpTestApp;
  let screener: BookableScreener;
  let worker: Poller | undefined;
  let nextSlotHour = 24;
  beforeAll(async () => {
    t = await startSmtpTestApp(dialect);
    screener = await insertBookableScreener(t.services.db);
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
  });
  beforeEach(async () => {
    await t.services.db.deleteFrom('email_outbox').execute();
    t.smtp.messages.length = 0;
  });
  afterEach(async () => {
    await worker?.stop();
    t.services.now = () => new Date();
  });
  afterAll(() => t.close());

  /** Books BOOKINGS slots one after another; each must answer 201 within a second. */
  async function bookQuickly() {
    for (let i = 0; i < BOOKINGS; i++) {
      const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(nextSlotHour++));
      const started = performance.now();
      const response = await postBooking(t, bookingRequest(screener, slotId));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  }

  const outbox = () => t.services.db.selectFrom('email_outbox').select(['id', 'status', 'attempts']).execute();
  /** Every booking's three mails were tried and failed; none is in an attempt any more. */
  const eachMailFailedOnce = () =>
    expect.poll(async () => (await outbox()).filter((m) => m.status === 'pending' && Number(m.attempts) > 0).length).toBe(3 * BOOKINGS);
  const deliveredIds = () => t.smtp.messages.map((m) => /^Message-ID: <([^@>]+)@/im.exec(m.raw)?.[1]);

  /** Once SMTP answers again and the retry is due, every mail arrives, each exactly once. */
  async function expectEachMailDeliveredOnce() {
    t.services.now = () => new Date(Date.now() + PAST_FIRST_RETRY_MS);
    await expect.poll(async () => (await outbox()).filter((m) => m.status !== 'sent').length, { timeout: 10_000 }).toBe(0);
    // A few more passes of the running worker: nothing goes out twice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ids = (await outbox()).map((m) => m.id).sort();
    expect(deliveredIds().sort()).toEqual(ids);
  }

  it('books quickly while SMTP is stopped, and delivers every mail once after it is back', async () => {
    await t.smtp.stop();
    worker = startOutboxWorker(t.services, 20);
    await bookQuickly();
    await eachMailFailedOnce();
    await t.smtp.start();
    await expectEachMailDeliveredOnce();
  });

  it('books quickly while SMTP accepts connections and never answers, and delivers every mail once after it is restarted', async () => {
    await t.smtp.stop();
    const hung = await startSilentServer(Number(new URL(t.smtp.url).port));
    worker = startOutboxWorker(t.services, 20);
    try {
      await bookQuickly();
      // The worker is stuck waiting for a greeting that never comes; bookings did not wait for it.
      await expect.poll(() => hung.connections()).toBeGreaterThan(0);
    } finally {
      await hung.close();
    }
    await eachMailFailedOnce();
    await t.smtp.start();
    await expectEachMailDeliveredOnce();
  });
});
