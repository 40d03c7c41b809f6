import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withPreparedStatements } from './sqlite-statements';

describe('withPreparedStatements', () => {
  const database = () => {
    const raw = new SqliteDatabase(':memory:');
    raw.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)');
    return withPreparedStatements(raw);
  };

  it('prepares a SQL text once and reuses its statement', () => {
    const db = database();
    const statement = db.prepare('SELECT x FROM t WHERE x > ?');
    expect(db.prepare('SELECT x FROM t WHERE x > ?')).toBe(statement);
    expect(statement.all([1])).toEqual([{ x: 2 }]);
    expect(db.prepare('SELECT x FROM t')).not.toBe(statement);
  });

  it('gives a statement of its own to a text whose statement is still being iterated', () => {
    const db = database();
    const rows = db.prepare('SELECT x FROM t ORDER BY x').iterate([]);
    expect(rows.next().value).toEqual({ x: 1 });
    expect(db.prepare('SELECT x FROM t ORDER BY x').all([])).toEqual([{ x: 1 }, { x: 2 }]);
    expect(rows.next().value).toEqual({ x: 2 });
  });
});
