import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts kept prepared; the app's queries are a few hundred, lists of varying length add some. */
const MAX_STATEMENTS = 1_000;

/**
 * The embedded database for Kysely, with each SQL text prepared once and reused, as a database
 * server keeps the plans of prepared statements. Kysely prepares every query anew, and preparing cost
 * about as much as running the free-slots read's queries (bench/api-throughput.ts). Statements
 * hold plans, never rows; SQLite re-prepares one itself after a schema change. One still being
 * iterated is busy: a second use of its text gets a statement of its own.
 */
export function withPreparedStatements(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max: MAX_STATEMENTS });
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      return statement;
    },
  };
}
