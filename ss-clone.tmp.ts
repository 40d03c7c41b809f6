import { createConnection } from 'mysql2/promise';
import { createTestDatabase } from './db/testing/test-databases';
const tpl = await createTestDatabase('mysql');
const tplName = new URL(tpl.url).pathname.slice(1);
const c = await createConnection({ uri: 'mysql://root@127.0.0.1:3306', multipleStatements: true });
const [tables] = await c.query(`SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'`, [tplName]) as any;
const ddl: string[] = [];
for (const { t } of tables) { const [[row]] = await c.query(`SHOW CREATE TABLE \`${tplName}\`.\`${t}\``) as any; ddl.push(row['Create Table']); }
const [counts] = await c.query(tables.map((x: any) => `SELECT '${x.t}' AS t, COUNT(*) AS n FROM \`${tplName}\`.\`${x.t}\``).join(' UNION ALL ')) as any;
const withRows = counts.filter((r: any) => Number(r.n) > 0).map((r: any) => r.t);
console.log(tables.length, 'tables; rows in', withRows);
for (let i = 0; i < 3; i++) {
  const name = `minda_test_clone${i}`;
  const t = performance.now();
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const c2 = await createConnection({ uri: `mysql://root@127.0.0.1:3306/${name}`, multipleStatements: true });
  await c2.query(['SET FOREIGN_KEY_CHECKS = 0', ...ddl, ...withRows.map((w: string) => `INSERT INTO \`${w}\` SELECT * FROM \`${tplName}\`.\`${w}\``)].join(';\n'));
  await c2.end();
  console.log('clone', (performance.now() - t).toFixed(0), 'ms');
  await c.query(`DROP DATABASE \`${name}\``);
}
await c.end(); await tpl.drop();
