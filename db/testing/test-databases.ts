import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { connectDatabase, type DatabaseHandle, type DialectName } from '../connect';
import { migrateToLatest } from '../migrate';

/** This machine's MariaDB (root, no password); MYSQL_TEST_URL points elsewhere. */
const MYSQL_SERVER = process.env.MYSQL_TEST_URL ?? 'mysql://root@127.0.0.1:3306';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop: () => Promise<void>;
}

/** How far a new database is migrated: to the latest, unless a test of a migration stops before it. */
type Migrate = (db: DatabaseHandle['db']) => Promise<void>;

/** Connects to and migrates a new database; `drop` closes it, then removes what `remove` names. */
async function openMigrated(url: string, remove: () => Promise<void>, migrate: Migrate): Promise<TestDatabase> {
  const handle = connectDatabase(url);
  await migrate(handle.db);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.db.destroy();
      await remove();
    },
  };
}

async function runOnMysqlServer(statement: string): Promise<void> {
  const admin = await createConnection(MYSQL_SERVER);
  await admin.query(statement);
  await admin.end();
}

async function createMysqlDatabase(migrate: Migrate): Promise<TestDatabase> {
  const name = `minda_test_${randomBytes(6).toString('hex')}`;
  await runOnMysqlServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return openMigrated(`${MYSQL_SERVER}/${name}`, () => runOnMysqlServer(`DROP DATABASE IF EXISTS \`${name}\``), migrate);
}

async function createSqliteDatabase(migrate: Migrate): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-test-'));
  return openMigrated(`sqlite:${join(dir, 'test.sqlite')}`, async () => rmSync(dir, { recursive: true, force: true }), migrate);
}

async function mysqlReachable(): Promise<boolean> {
  try {
    const connection = await createConnection({ uri: MYSQL_SERVER, connectTimeout: 3000 });
    await connection.end();
    return true;
  } catch (error) {
    // In CI the MySQL tests are part of the contract: an unreachable server fails the run.
    if (process.env.CI === 'true') throw new Error(`MySQL at ${MYSQL_SERVER} is unreachable`, { cause: error });
    console.warn(`\n⚠ MySQL at ${MYSQL_SERVER} is unreachable: running the SQLite half only.\n`);
    return false;
  }
}

const reachable = await mysqlReachable();

/** The dialects every database test runs on: both, except MySQL on a machine without it. */
export const TEST_DIALECTS: DialectName[] = reachable ? ['mysql', 'sqlite'] : ['sqlite'];

/** A new, migrated, empty database of the dialect; `drop` removes it. */
export function createTestDatabase(dialect: DialectName, migrate: Migrate = migrateToLatest): Promise<TestDatabase> {
  return dialect === 'mysql' ? createMysqlDatabase(migrate) : createSqliteDatabase(migrate);
}
