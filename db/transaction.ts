import type { IsolationLevel, Kysely, Transaction } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseBusy, isDatabaseUnavailable } from './connection-errors';

/**
 * Runs `work` in a transaction, and once more if MySQL chose it as a deadlock's victim or its
 * lock wait timed out (onceMoreIfBusy). A second failure goes to the caller, who answers 503
 * (server/errors.ts). Transactions hold no network call (STYLE), so running one again repeats
 * nothing outside the database.
 */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, isolation?: IsolationLevel): Promise<T> {
  // MySQL's own level (REPEATABLE READ) unless the caller names one; SQLite has only one.
  return onceMoreIfBusy(() => (isolation ? db.transaction().setIsolationLevel(isolation) : db.transaction()).execute(work));
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

/** How often a mark after a send is tried while the database refuses it for a moment. */
const MARK_TRIES = 5;
/** The pause before the second try; it doubles before each next (0.1 + 0.2 + 0.4 + 0.8 s in all, far inside any lease). */
const FIRST_MARK_PAUSE_MS = 100;

/**
 * A mark that a mail, message or webhook went out, which must land: left unmarked, it would go
 * out again when its lease lapses. One statement committed on its own, tried again while it loses
 * to deadlocks (under a crowd one lost twice in 10,000 and its mail went twice) or finds the
 * connection lost (a database failover), a little later each time.
 */
export async function markAfterSending(mark: () => Promise<void>): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await mark();
    } catch (error) {
      if (!(isDatabaseBusy(error) || isDatabaseUnavailable(error)) || tries === MARK_TRIES) throw error;
      await sleep(FIRST_MARK_PAUSE_MS * 2 ** (tries - 1));
    }
  }
}
