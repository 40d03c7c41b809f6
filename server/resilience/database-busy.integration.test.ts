import { setTimeout as sleep } from 'node:timers/promises';
import { MysqlDialect, Kysely } from 'kysely';
import { createPool } from 'mysql2';
import { type Connection, createConnection, type RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { Database } from '../../db/schema';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';
import { translationsFor } from '../translations';

// Real lock waits and deadlocks need InnoDB; SQLite takes one writer at a time and has neither.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('deadlocks and lock-wait timeouts on %s', (dialect) => {
  let t: TestApp;
  /** Another client of the database, holding rows the app's booking needs. */
  let holder: Connection;
  let screener: BookableScreener;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    // The app's connections give up on a lock after 1 s instead of 50, so a test waits seconds.
    const pool = createPool({ uri: t.database.url, timezone: 'Z', charset: 'utf8mb4_unicode_ci' });
    pool.on('connection', (connection) => connection.query('SET SESSION innodb_lock_wait_timeout = 1'));
    t.services.db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
    holder = await createConnection(t.database.url);
    screener = await insertBookableScreener(t.services.db);
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
  });
  afterAll(async () => {
    await holder?.end();
    await t?.services.db.destroy();
    await t?.close();
  });

  /** Waits until one of the app's connections runs a statement LIKE `pattern` (waiting for a lock). */
  async function appRuns(pattern: string): Promise<void> {
    for (let poll = 0; poll < 200; poll++) {
      const [rows] = await holder.query<RowDataPacket[]>(
        'SELECT ID FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND INFO LIKE ?',
        [pattern],
      );
      if (rows.length > 0) return;
      await sleep(10);
    }
    throw new Error(`the app never ran ${pattern}`);
  }

  const appointmentsOf = (slotId: string) => t.services.db.selectFrom('appointments').select('id').where('slot_id', '=', slotId).execute();

  it('runs a booking whose lock wait timed out once more, and books', async () => {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(24));
    await holder.query('START TRANSACTION');
    await holder.query('SELECT id FROM availability_slots WHERE id = ? FOR UPDATE', [slotId]);
    const pending = postBooking(t, bookingRequest(screener, slotId));
    // The booking waits for the slot's row, which the holder has.
    await appRuns('%availability_slots%for update%');
    // The first attempt times out after 1 s; the second finds the row free.
    await sleep(1500);
    await holder.query('COMMIT');
    const response = await pending;
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await appointmentsOf(slotId)).toHaveLength(1);
  });

  it('answers 503 with a readable sentence, never 500, when the second attempt times out too, and books nothing', async () => {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(25));
    await holder.query('START TRANSACTION');
    await holder.query('SELECT id FROM availability_slots WHERE id = ? FOR UPDATE', [slotId]);
    const pending = postBooking(t, bookingRequest(screener, slotId, { clientLanguage: 'ms' }));
    const response = await pending;
    await holder.query('ROLLBACK');
    expect(response).toEqual({ status: 503, body: { error: translationsFor('ms').errors.databaseBusy() } });
    expect(await appointmentsOf(slotId)).toEqual([]);
  });

  it('runs a booking chosen as a deadlock’s victim once more, and books', async () => {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(26));
    // InnoDB rolls back the transaction that changed fewer rows, so the holder changes many first.
    await holder.query('CREATE TABLE IF NOT EXISTS deadlock_weight (id INT PRIMARY KEY)');
    await holder.query('START TRANSACTION');
    await holder.query(`INSERT INTO deadlock_weight VALUES ${Array.from({ length: 200 }, (_, i) => `(${i})`).join(',')}`);
    // The holder has the psychologist's row; the booking takes the slot's, then its insert's
    // foreign key waits for the psychologist's.
    await holder.query('SELECT id FROM psychologists WHERE id = ? FOR UPDATE', [screener.psychologistId]);
    const pending = postBooking(t, bookingRequest(screener, slotId));
    await appRuns('%insert into `appointments`%');
    // Now the holder wants the slot's row: each waits for the other, and InnoDB picks the booking.
    const asked = Date.now();
    await holder.query('SELECT id FROM availability_slots WHERE id = ? FOR UPDATE', [slotId]);
    // Sooner than the booking's 1 s lock wait could end: the deadlock detector rolled the booking back.
    expect(Date.now() - asked).toBeLessThan(900);
    await holder.query('ROLLBACK');
    const response = await pending;
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await appointmentsOf(slotId)).toHaveLength(1);
  });
});
