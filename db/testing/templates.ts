import { randomBytes } from 'node:crypto';
import { type Connection, createConnection, type RowDataPacket } from 'mysql2/promise';
import { connectDatabase, type DialectName } from '../connect';
import { migrateToLatest } from '../migrate';

/**
 * Where the test run's migrated templates are: the MariaDB/MySQL database's name, the SQLite
 * file's path. `db/testing/global-setup.ts` sets them before vitest starts its workers, which
 * inherit them; without them every test database is migrated.
 */
export const TEMPLATE_VARIABLES: Record<DialectName, string> = {
  mysql: 'MINDA_TEST_MYSQL_TEMPLATE',
  sqlite: 'MINDA_TEST_SQLITE_TEMPLATE',
};

async function migrated(url: string): Promise<void> {
  const { db } = connectDatabase(url);
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the last connection also folds SQLite's write-ahead log into the file to be copied.
    await db.destroy();
  }
}

/** A SQLite file migrated to the latest at `path`, once per test run: each test's file is a copy. */
export async function createSqliteTemplate(path: string): Promise<void> {
  await migrated(`sqlite:${path}`);
}

/** A database of that name on the server, in the character set the migrations expect. */
export async function createEmptyMysqlDatabase(server: string, name: string): Promise<void> {
  await runOnMysqlServer(server, `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
}

export async function runOnMysqlServer(server: string, statement: string): Promise<void> {
  const admin = await createConnection(server);
  await admin.query(statement);
  await admin.end();
}

/** A new database migrated to the latest, once per test run: each test's database is a copy. */
export async function createMysqlTemplate(server: string): Promise<string> {
  const name = `minda_template_${randomBytes(6).toString('hex')}`;
  await createEmptyMysqlDatabase(server, name);
  await migrated(`${server}/${name}`);
  return name;
}

/** What a copy runs: each table's CREATE TABLE as the server reports it, and the tables with rows. */
interface TemplateShape {
  createTables: string[];
  tablesWithRows: string[];
}

async function readShape(connection: Connection, template: string): Promise<TemplateShape> {
  const [tables] = await connection.query<RowDataPacket[]>(
    "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
    [template],
  );
  const shape: TemplateShape = { createTables: [], tablesWithRows: [] };
  for (const { name } of tables as { name: string }[]) {
    const [[created]] = await connection.query<RowDataPacket[]>(`SHOW CREATE TABLE \`${template}\`.\`${name}\``);
    shape.createTables.push(created!['Create Table'] as string);
    const [[first]] = await connection.query<RowDataPacket[]>(`SELECT EXISTS (SELECT 1 FROM \`${template}\`.\`${name}\`) AS found`);
    if (Number(first!.found) === 1) shape.tablesWithRows.push(name);
  }
  return shape;
}

/** Read once per worker: the template does not change during a run. */
let shape: Promise<TemplateShape> | undefined;

/**
 * Makes `name` a copy of the template: its tables (keys, indexes, foreign keys and all, as SHOW
 * CREATE TABLE gives them) and their rows, the migrations' own bookkeeping and seeded texts.
 * About 40 CREATE TABLEs instead of 39 migrations' CREATEs and table-copying ALTERs: MariaDB's
 * DDL is what a test's database cost, and it grows worst when files run side by side.
 */
export async function copyMysqlTemplate(server: string, template: string, name: string): Promise<void> {
  const connection = await createConnection({ uri: server, multipleStatements: true });
  try {
    shape ??= readShape(connection, template);
    const { createTables, tablesWithRows } = await shape;
    await createEmptyMysqlDatabase(server, name);
    await connection.query(
      [
        `USE \`${name}\``,
        // The tables are created in name order, before the tables their foreign keys point to.
        'SET FOREIGN_KEY_CHECKS = 0',
        ...createTables,
        ...tablesWithRows.map((table) => `INSERT INTO \`${table}\` SELECT * FROM \`${template}\`.\`${table}\``),
        'SET FOREIGN_KEY_CHECKS = 1',
      ].join(';\n'),
    );
  } finally {
    await connection.end();
  }
}
