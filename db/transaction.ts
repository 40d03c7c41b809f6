import type { IsolationLevel, Kysely, Transaction } from 'kysely';
import { isDatabaseBusy } from './connection-errors';

/**
 * Runs `work` in a transaction, and once more if MySQL chose it as a deadlock's victim or its
 * lock wait timed out: either way it was rolled back, and a second try usually finds the locks
 * free. A second failure goes to the caller, who answers 503 (server/errors.ts). Transactions
 * hold no network call (STYLE), so running one again repeats nothing outside the database.
 */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, isolation?: IsolationLevel): Promise<T> {
  // MySQL's own level (REPEATABLE READ) unless the caller names one; SQLite has only one.
  const run = () => (isolation ? db.transaction().setIsolationLevel(isolation) : db.transaction()).execute(work);
  try {
    return await run();
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    return run();
  }
}
