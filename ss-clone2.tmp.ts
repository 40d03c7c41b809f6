import { createConnection } from 'mysql2/promise';
import { createTestDatabase } from './db/testing/test-databases';
const tpl = await createTestDatabase('mysql');
const tplName = new URL(tpl.url).pathname.slice(1);
const c = await createConnection({ uri: 'mysql://root@127.0.0.1:3306', multipleStatements: true });
const [tables] = await c.query(`SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'`, [tplName]) as any;
const ddl: string[] = [];
for (const { t } of tables) { const [[row]] = await c.query(`SHOW CREATE TABLE \`${tplName}\`.\`${t}\``) as any; ddl.push(row['Create Table']); }
const withRows = ['kysely_migration_lock', 'kysely_migration'];
let sm = 0, sc = 0;
for (let i = 0; i < 5; i++) {
  let t = performance.now();
  const d = await createTestDatabase('mysql'); sm += performance.now() - t; await d.drop();
  const name = `minda_test_clone${i}`;
  t = performance.now();
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const c2 = await createConnection({ uri: `mysql://root@127.0.0.1:3306/${name}`, multipleStatements: true });
  await c2.query(['SET FOREIGN_KEY_CHECKS = 0', ...ddl, ...withRows.map((w: string) => `INSERT INTO \`${w}\` SELECT * FROM \`${tplName}\`.\`${w}\``)].join(';\n'));
  await c2.end();
  sc += performance.now() - t;
  await c.query(`DROP DATABASE \`${name}\``);
}
console.log('migrate avg', (sm/5).toFixed(0), 'clone avg', (sc/5).toFixed(0));
const [v] = await c.query(`SELECT @@innodb_flush_log_at_trx_commit f, @@innodb_file_per_table p, @@version v, @@innodb_doublewrite d, @@sync_binlog s, @@log_bin b`) as any; console.log(v);
await c.end(); await tpl.drop();
