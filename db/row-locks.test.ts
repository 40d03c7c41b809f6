import type { Kysely, Transaction } from 'kysely';
import { describe, expectTypeOf, it } from 'vitest';
import { lockSlot } from './repositories/availability-slots';
import { findPsychologistOf } from './repositories/psychologists';
import { findSubscriptionByCustomerForUpdate } from './repositories/subscriptions';
import { lockedRows } from './row-locks';
import type { Database } from './schema';

// A row lock taken outside a transaction ends with its own statement and protects nothing, so
// the types refuse it. `npm run typecheck` checks these lines; vitest only runs them.
describe('row locks', () => {
  it('are taken only inside a transaction', () => {
    expectTypeOf(lockedRows).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(lockSlot).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(findSubscriptionByCustomerForUpdate).parameter(0).toEqualTypeOf<Transaction<Database>>();
  });

  it('let a psychologist be read anywhere, and locked only in a transaction', () => {
    const lockOutside = (db: Kysely<Database>) =>
      // @ts-expect-error a lock needs a Transaction
      findPsychologistOf(db, 'operator', 'psychologist', { lock: true });
    const readOutside = (db: Kysely<Database>) => findPsychologistOf(db, 'operator', 'psychologist');
    const lockInside = (trx: Transaction<Database>) => findPsychologistOf(trx, 'operator', 'psychologist', { lock: true });
    expectTypeOf(lockOutside).toBeFunction();
    expectTypeOf(readOutside).toBeFunction();
    expectTypeOf(lockInside).toBeFunction();
  });
});
