import { setTimeout as sleep } from 'node:timers/promises';
import { type Connection, createConnection, type RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp, trpcQuery } from '../testing/test-app';
import { translationsFor } from '../translations';

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('the database connection lost mid-request on %s', (dialect) => {
  let t: TestApp;
  /** A second connection, as a DBA or a failover would: it kills the app's connections. */
  let killer: Connection;
  let screener: BookableScreener;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    killer = await createConnection(t.database.url);
    screener = await insertBookableScreener(t.services.db);
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
  });
  afterAll(async () => {
    await killer?.end();
    await t?.close();
  });

  /** The app's connections to its test database, with what each is running. */
  async function appConnections() {
    const [rows] = await killer.query<RowDataPacket[]>(
      'SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID()',
    );
    return rows as { id: number; info: string | null }[];
  }

  async function kill(id: number) {
    // The connection may have ended on its own meanwhile.
    await killer.query(`KILL ${Number(id)}`).catch(() => undefined);
  }

  /** Each appointment came with its three mails, and no mail without its appointment. */
  async function expectNoHalfBooking() {
    const db = t.services.db;
    const appointments = await db.selectFrom('appointments').select('client_email').where('user_id', '=', screener.userId).execute();
    const clientMails = await db.selectFrom('email_outbox').select('recipient').where('kind', '=', 'booking-client').execute();
    const staffMails = await db.selectFrom('email_outbox').select('id').where('kind', 'in', ['booking-psychologist', 'booking-operator']).execute();
    expect(clientMails.map((m) => m.recipient).sort()).toEqual(appointments.map((a) => a.client_email).sort());
    expect(staffMails).toHaveLength(2 * appointments.length);
  }

  const expectUnavailable = (response: { status: number; body: unknown }) => {
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(response.body).toEqual({ error: translationsFor('en').errors.databaseUnavailable() });
  };

  it('answers a booking whose connection is killed mid-transaction with 503, books nothing, and the retry books', async () => {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(24));
    const request = bookingRequest(screener, slotId);
    // Holding the slot's row keeps the booking waiting inside its transaction (its first lock).
    await killer.query('START TRANSACTION');
    await killer.query('SELECT id FROM availability_slots WHERE id = ? FOR UPDATE', [slotId]);
    const pending = postBooking(t, request);
    let waiting: { id: number } | undefined;
    for (let poll = 0; poll < 100 && !waiting; poll++) {
      waiting = (await appConnections()).find((c) => /from `availability_slots`.*for update/is.test(c.info ?? ''));
      if (!waiting) await sleep(20);
    }
    if (!waiting) await killer.query('ROLLBACK');
    expect(waiting, 'the booking never reached the slot’s row lock').toBeDefined();
    await kill(waiting!.id);
    await killer.query('ROLLBACK');

    expectUnavailable(await pending);
    expect(await t.services.db.selectFrom('appointments').select('id').where('slot_id', '=', slotId).execute()).toEqual([]);
    await expectNoHalfBooking();

    const retry = await postBooking(t, request);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    await expectNoHalfBooking();
  });

  it('answers requests on connections killed under them with 503 (REST and tRPC alike), never 500, and recovers without a restart', async () => {
    const operator = await signedInAs(t, screener);
    const slotIds = await Promise.all(Array.from({ length: 8 }, (_, i) => insertSlot(t.services.db, screener.psychologistId, hoursFromNow(48 + i))));
    const requests = () => [
      ...slotIds.map((slotId) => postBooking(t, bookingRequest(screener, slotId))),
      ...Array.from({ length: 4 }, async () => {
        const response = await t.app.inject(`/api/public/psychologists?slug=${screener.slug}`);
        return { status: response.statusCode, body: response.json() as unknown };
      }),
      ...Array.from({ length: 4 }, async () => {
        const response = await trpcQuery(t.app, 'public.psychologists', { slug: screener.slug });
        return { status: response.status, body: response.error ? { error: response.error.message } : response.data };
      }),
      ...Array.from({ length: 4 }, () => operator.rest('GET', '/api/appointments')),
    ];

    // Kill every connection of the app, again and again, while the requests run.
    let storming = true;
    const storm = (async () => {
      for (let round = 0; round < 40 && storming; round++) {
        await Promise.all((await appConnections()).map((c) => kill(c.id)));
        await sleep(5);
      }
    })();
    const during = await Promise.all(requests());
    storming = false;
    await storm;

    for (const response of during) {
      if (response.status === 503) expectUnavailable(response);
      else expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
    }
    expect(during.some((r) => r.status === 503), 'the storm hit no request').toBe(true);
    await expectNoHalfBooking();

    // mysql2's pool replaces the dead connections: the same process answers again.
    const after = await Promise.all([
      t.app.inject(`/api/public/psychologists?slug=${screener.slug}`).then((r) => r.statusCode),
      operator.rest('GET', '/api/appointments').then((r) => r.status),
      t.app.inject('/healthz').then((r) => r.statusCode),
    ]);
    expect(after).toEqual([200, 200, 200]);
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(72));
    expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(201);
    await expectNoHalfBooking();
  });
});
