import type { Kysely, Transaction } from 'kysely';
import { isDatabaseBusy } from './connection-errors';

/**
 * Runs `work` in a transaction, and once more if MySQL chose it as a deadlock's victim or its
 * lock wait timed out (onceMoreIfBusy). A second failure goes to the caller, who answers 503
 * (server/errors.ts). Transactions hold no network call (STYLE), so running one again repeats
 * nothing outside the database.
 */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return onceMoreIfBusy(() => db.transaction().execute(work));
}

/**
 * Runs `write` once more if MySQL chose it as a deadlock's victim or its lock wait timed out:
 * either way it was rolled back, and a second try usually finds the locks free. For a
 * transaction (inTransaction), or for one statement on its own, which autocommit makes a
 * transaction of its own in one round trip instead of BEGIN, the statement and COMMIT.
 */
export async function onceMoreIfBusy<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    return write();
  }
}
