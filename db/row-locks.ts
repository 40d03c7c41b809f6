import { MysqlAdapter, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Adds FOR UPDATE on MySQL, where concurrent transactions run side by side. SQLite has no row
 * locks and needs none: the embedded database runs one transaction at a time. A lock outside a
 * transaction would end with its statement, so only a Transaction is accepted. Exclusive locks
 * only: TiDB refuses LOCK IN SHARE MODE unless a setting turns it into a no-op
 * (docs/deployment.md), so a shared lock would protect nothing there.
 */
export function lockedRows<DB, TB extends keyof DB, O>(trx: Transaction<Database>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  if (!(trx.getExecutor().adapter instanceof MysqlAdapter)) return query;
  return query.forUpdate();
}
