import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMysqlTemplate, createSqliteTemplate, runOnMysqlServer, TEMPLATE_VARIABLES } from './templates';
import { MYSQL_SERVER, TEST_DIALECTS } from './test-databases';
import { relaxMysqlDurability } from './test-server-durability';

/**
 * vitest's global set-up for the database projects (integration, integration-isolated) and the
 * browser phase (e2e): migrates one template of each dialect before the workers start (they
 * inherit where the templates are), and removes them after the run. Each test's database is then
 * a copy (docs/decisions/0065), and so is each built server's SQLite file (decision 0070).
 */
export async function setup(): Promise<() => Promise<void>> {
  // Both database projects name this set-up; the second of a run reuses the first's templates.
  if (process.env[TEMPLATE_VARIABLES.sqlite]) return async () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'minda-template-'));
  const sqliteTemplate = join(dir, 'template.sqlite');
  await createSqliteTemplate(sqliteTemplate);
  process.env[TEMPLATE_VARIABLES.sqlite] = sqliteTemplate;
  const usesMysql = TEST_DIALECTS.includes('mysql');
  const restoreDurability = usesMysql ? await relaxMysqlDurability(MYSQL_SERVER) : undefined;
  const mysqlTemplate = usesMysql ? await createMysqlTemplate(MYSQL_SERVER) : undefined;
  if (mysqlTemplate) process.env[TEMPLATE_VARIABLES.mysql] = mysqlTemplate;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (mysqlTemplate) await runOnMysqlServer(MYSQL_SERVER, `DROP DATABASE IF EXISTS \`${mysqlTemplate}\``);
    await restoreDurability?.();
  };
}
