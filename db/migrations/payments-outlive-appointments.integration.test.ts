import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationProvider } from '../migrate';
import type { Database } from '../schema';
import { bookSlot, insertOperator, insertPsychologist, insertSlot } from '../testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-databases';

const BEFORE = '2026-11-30T0610-booking-payment-terms';
const MADE = new Date('2026-11-29T08:00:00.000Z');

describe.each(TEST_DIALECTS)('the payments-outlive-appointments migration on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it('keeps every payment and refund, and lets a paid appointment go with its slot while its payment stays', async () => {
    database = await createTestDatabase(dialect, async (db) => {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
      if (error) throw error;
    });
    const db = database.db as Kysely<Database>;
    const clinic = await insertOperator(db);
    const psychologistId = await insertPsychologist(db, clinic.userId);
    const slotId = await insertSlot(db, psychologistId, new Date('2026-12-05T02:00:00.000Z'));
    const appointmentId = await bookSlot(db, { userId: clinic.userId, psychologistId, slotId });
    const payment = { id: 'pay-1', appointment_id: appointmentId, user_id: clinic.userId, stripe_account_id: 'acct_1', payment_intent_id: 'pi_1', amount_sen: 12050, currency: 'myr', status: 'succeeded', method: 'card', receipt_url: null, refunded_sen: 5000, disputed: 0, status_event_at: MADE, paid_at: MADE, created_at: MADE, updated_at: MADE };
    await db.insertInto('appointment_payments').values(payment).execute();
    const refund = { id: 'ref-1', payment_id: 'pay-1', user_id: clinic.userId, cause_key: 'by-hand:1', stripe_refund_id: 're_1', amount_sen: 5000, reason: 'by_hand', note: 'goodwill', actor: 'clinic', account_id: null, status: 'succeeded' as const, created_at: MADE, updated_at: MADE };
    await db.insertInto('payment_refunds').values(refund).execute();

    await migrateToLatest(database.db);

    expect(await db.selectFrom('appointment_payments').select(['id', 'appointment_id', 'amount_sen', 'refunded_sen', 'payment_intent_id']).execute()).toEqual([
      { id: 'pay-1', appointment_id: appointmentId, amount_sen: 12050, refunded_sen: 5000, payment_intent_id: 'pi_1' },
    ]);
    expect(await db.selectFrom('payment_refunds').select(['id', 'payment_id', 'cause_key', 'amount_sen']).execute()).toEqual([{ id: 'ref-1', payment_id: 'pay-1', cause_key: 'by-hand:1', amount_sen: 5000 }]);
    // The slot takes its appointment along; the payment stays, the clinic's books.
    await db.deleteFrom('availability_slots').where('id', '=', slotId).execute();
    expect(await db.selectFrom('appointments').select('id').where('id', '=', appointmentId).execute()).toEqual([]);
    expect(await db.selectFrom('appointment_payments').select('id').execute()).toEqual([{ id: 'pay-1' }]);
    // A refund still needs its payment: that reference stays.
    await expect(db.insertInto('payment_refunds').values({ ...refund, id: 'ref-2', payment_id: 'no-such-payment', cause_key: 'by-hand:2', stripe_refund_id: 're_2' }).execute()).rejects.toThrow();
  });
});
