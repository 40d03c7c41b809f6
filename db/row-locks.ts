import { MysqlAdapter, type QueryExecutorProvider, type SelectQueryBuilder } from 'kysely';

/**
 * Adds FOR UPDATE on MySQL, where concurrent transactions run side by side. SQLite has no row
 * locks and needs none: the embedded database runs one transaction at a time.
 */
export function lockedForUpdate<DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return db.getExecutor().adapter instanceof MysqlAdapter ? query.forUpdate() : query;
}
