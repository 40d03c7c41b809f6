import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import type { Database } from './schema';
import { SqliteValuesPlugin } from './sqlite-values-plugin';
import { withPreparedStatements } from './sqlite-statements';

export type DialectName = 'mysql' | 'sqlite';
export const DEFAULT_DATABASE_URL = 'sqlite:var/minda.sqlite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** `mysql://user:pass@host:port/name` → a mysql2 pool; `sqlite:<path>` → an embedded file. */
export function connectDatabase(url: string = DEFAULT_DATABASE_URL): DatabaseHandle {
  if (url.startsWith('mysql://')) {
    const pool = createPool({
      uri: url,
      // Every DATETIME is UTC, whatever the server's or the process's zone.
      timezone: 'Z',
      connectionLimit: 10,
      charset: 'utf8mb4_unicode_ci',
    });
    return { db: new Kysely<Database>({ dialect: new MysqlDialect({ pool }) }), dialect: 'mysql' };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const database = new SqliteDatabase(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    return {
      db: new Kysely<Database>({
        dialect: new SqliteDialect({ database: withPreparedStatements(database) }),
        plugins: [new SqliteValuesPlugin()],
      }),
      dialect: 'sqlite',
    };
  }
  throw new Error(`DATABASE_URL must start with mysql:// or sqlite: (got "${url.split(':')[0]}:…")`);
}
