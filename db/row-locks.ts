import { MysqlAdapter, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * `update` keeps other writers and lockers out; `share` lets other `share` lockers in (two
 * bookings of one psychologist) while keeping `update` lockers (changes to that psychologist's
 * slots) waiting.
 */
export type RowLock = 'update' | 'share';

/**
 * Adds the row lock on MySQL, where concurrent transactions run side by side. SQLite has no row
 * locks and needs none: the embedded database runs one transaction at a time. A lock outside a
 * transaction would end with its statement, so only a Transaction is accepted.
 */
export function lockedRows<DB, TB extends keyof DB, O>(
  trx: Transaction<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
  lock: RowLock = 'update',
): SelectQueryBuilder<DB, TB, O> {
  if (!(trx.getExecutor().adapter instanceof MysqlAdapter)) return query;
  // LOCK IN SHARE MODE, not FOR SHARE: MariaDB knows only the former, MySQL 8 both.
  return lock === 'update' ? query.forUpdate() : query.modifyEnd(sql`lock in share mode`);
}
