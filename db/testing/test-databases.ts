import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { connectDatabase, type DatabaseHandle, type DialectName } from '../connect';
import { migrateToLatest } from '../migrate';
import { copyMysqlTemplate, createEmptyMysqlDatabase, runOnMysqlServer, TEMPLATE_VARIABLES } from './templates';

/** This machine's MariaDB (root, no password); MYSQL_TEST_URL points elsewhere. */
export const MYSQL_SERVER = process.env.MYSQL_TEST_URL ?? 'mysql://root@127.0.0.1:3306';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop: () => Promise<void>;
}

/** How far a new database is migrated: to the latest, unless a test of a migration stops before it. */
type Migrate = (db: DatabaseHandle['db']) => Promise<void>;

/** Connects to a new database, migrating it unless it is a copy; `drop` closes it, then removes what `remove` names. */
async function openMigrated(url: string, remove: () => Promise<void>, migrate: Migrate | undefined): Promise<TestDatabase> {
  const handle = connectDatabase(url);
  await migrate?.(handle.db);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.db.destroy();
      await remove();
    },
  };
}

/** The run's template of the dialect, when a database is to be as the migrations leave it. */
function templateFor(dialect: DialectName, migrate: Migrate | undefined): string | undefined {
  return migrate === undefined ? process.env[TEMPLATE_VARIABLES[dialect]] : undefined;
}

async function createMysqlDatabase(migrate: Migrate | undefined): Promise<TestDatabase> {
  const name = `minda_test_${randomBytes(6).toString('hex')}`;
  const template = templateFor('mysql', migrate);
  if (template) await copyMysqlTemplate(MYSQL_SERVER, template, name);
  else await createEmptyMysqlDatabase(MYSQL_SERVER, name);
  const drop = () => runOnMysqlServer(MYSQL_SERVER, `DROP DATABASE IF EXISTS \`${name}\``);
  return openMigrated(`${MYSQL_SERVER}/${name}`, drop, template ? undefined : (migrate ?? migrateToLatest));
}

async function createSqliteDatabase(migrate: Migrate | undefined): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'minda-test-'));
  const file = join(dir, 'test.sqlite');
  const template = templateFor('sqlite', migrate);
  if (template) copyFileSync(template, file);
  const remove = async () => rmSync(dir, { recursive: true, force: true });
  return openMigrated(`sqlite:${file}`, remove, template ? undefined : (migrate ?? migrateToLatest));
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

/**
 * A new, migrated, empty database of the dialect; `drop` removes it. `migrate` runs the
 * migrations on it (a migration's test stops before the latest). Without it the database is a
 * copy of the run's template, which the same migrations made (vitest's global set-up,
 * docs/decisions/0065), or is migrated where there is none (the browser phase, bench, scripts).
 */
export function createTestDatabase(dialect: DialectName, migrate?: Migrate): Promise<TestDatabase> {
  return dialect === 'mysql' ? createMysqlDatabase(migrate) : createSqliteDatabase(migrate);
}
