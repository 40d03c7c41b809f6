import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/**
 * The statements other connections to this database are running right now, for a test to see
 * that its request reached the lock it means to race (rather than guessing with a pause): one
 * still running while the test holds the row it needs is waiting for it. Each test file has a
 * database of its own; the processlist is the whole server's, hence the filter. (innodb_trx's
 * LOCK WAIT missed a slot change waiting in the optimizer's read of its slot's primary key, where
 * the processlist says "Statistics".)
 */
export async function runningStatements(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ info: string | null }>`select info from information_schema.processlist where command = 'Query' and db = database() and id <> connection_id()`.execute(db);
  return rows.flatMap((row) => (row.info ? [row.info] : []));
}
