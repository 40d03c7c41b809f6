import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/**
 * The statements of MySQL's transactions waiting for a lock right now, for a test to see that its
 * request reached the lock it means to race (rather than guessing with a pause). innodb_trx is the
 * whole server's: other test files' transactions are there too, so callers pick theirs out.
 */
export async function lockWaitingStatements(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ trx_query: string | null }>`select trx_query from information_schema.innodb_trx where trx_state = 'LOCK WAIT'`.execute(db);
  return rows.flatMap((row) => (row.trx_query ? [row.trx_query] : []));
}

/**
 * The statements other connections to this database are running right now (each test file has a
 * database of its own; the processlist is the whole server's). innodb_trx missed a slot change
 * waiting for its slot's lock, which MariaDB runs in the optimizer's read of the primary key (the
 * processlist says "Statistics"); a statement still running while the test holds the row it
 * needs is waiting for it.
 */
export async function runningStatements(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ info: string | null }>`select info from information_schema.processlist where command = 'Query' and db = database() and id <> connection_id()`.execute(db);
  return rows.flatMap((row) => (row.info ? [row.info] : []));
}
