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

/** Connects to and migrates a new database; `drop` closes it, then removes what `remove` names. */
async function openMigrated(url: string, remove: () => Promise<void>): Promise<TestDatabase> {
  const handle = connectDatabase(url);
  await migrateToLatest(handle.db);
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

async function createMysqlDatabase(): Promise<TestDatabase> {
  const name = `minda_test_${randomBytes(6).toString('hex')}`;
  await runOnMysqlServer(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return openMigrated(`${MYSQL_SERVER}/${name}`, () => runOnMysqlServer(`DROP DATABASE IF EXISTS \`${name}\``));
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-test-'));
  return openMigrated(`sqlite:${join(dir, 'test.sqlite')}`, async () => rmSync(dir, { recursive: true, force: true }));
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
export function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return dialect === 'mysql' ? createMysqlDatabase() : createSqliteDatabase();
}
