import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../connect';
import { migrateToLatest } from '../migrate';
import { insertPsychologist } from './fixtures';
import { TEMPLATE_VARIABLES } from './templates';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './test-databases';

/** What the migrations leave: each table, index and foreign key as the database states it, and the migrations' record. */
async function schemaOf(dialect: DialectName, { db }: TestDatabase) {
  let statements: string[];
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name`.execute(db);
    statements = rows.map((row) => row.sql);
  } else {
    const { rows: tables } = await sql<{ name: string }>`SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME`.execute(db);
    statements = [];
    for (const { name } of tables) {
      const { rows } = await sql<{ 'Create Table': string }>`SHOW CREATE TABLE ${sql.table(name)}`.execute(db);
      // A table's next id is not its shape.
      statements.push(rows[0]!['Create Table'].replace(/ AUTO_INCREMENT=\d+/, ''));
    }
  }
  const { rows: migrations } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return { statements, migrations: migrations.map((m) => m.name) };
}

describe.each(TEST_DIALECTS)('a test database on %s', (dialect) => {
  let copied: TestDatabase;
  let migrated: TestDatabase;
  beforeAll(async () => {
    [copied, migrated] = await Promise.all([createTestDatabase(dialect), createTestDatabase(dialect, migrateToLatest)]);
  });
  afterAll(() => Promise.all([copied.drop(), migrated.drop()]));

  it('is copied from a template vitest’s global set-up migrated for this run', () => {
    expect(process.env[TEMPLATE_VARIABLES[dialect]]).toMatch(dialect === 'mysql' ? /^minda_template_[0-9a-f]{12}$/ : /template\.sqlite$/);
  });

  it('has every table, index and foreign key the migrations make, and their record', async () => {
    const [copy, original] = await Promise.all([schemaOf(dialect, copied), schemaOf(dialect, migrated)]);
    expect(copy.statements.length).toBeGreaterThan(30);
    expect(copy.migrations).toContain('2026-11-22T0900-initial');
    expect(copy).toEqual(original);
  });

  it('enforces the foreign keys, though the copy created its tables without checking them', async () => {
    await expect(insertPsychologist(copied.db, randomUUID())).rejects.toThrow(/foreign key/i);
  });
});
