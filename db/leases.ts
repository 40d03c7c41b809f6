import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { DialectName } from './connect';
import type { Database } from './schema';
import { onceMoreIfBusy } from './transaction';

/** The tables whose rows background workers lease: each has lease_owner and locked_until. */
export type LeasedTable = 'email_outbox' | 'whatsapp_outbox' | 'webhook_deliveries' | 'appointments';

export interface Lease {
  /** One id per claiming pass, so the pass reads back exactly the rows it won. */
  owner: string;
  now: Date;
  lockedUntil: Date;
  limit: number;
}

/**
 * Leases up to `limit` rows that match `due` and no live lease holds (a lease past its time means
 * its worker died) to `lease.owner`; the caller then reads the rows of that owner. One
 * conditional UPDATE and no locking read, so every MySQL-compatible engine runs it, TiDB and
 * Vitess included (TiDB has no SKIP LOCKED): of two workers racing for a row, the second's
 * UPDATE finds it leased and passes it by. On MySQL it reads committed data: under REPEATABLE
 * READ an UPDATE of a small table scans it whole, waits for the rows another worker holds, and
 * takes gap locks that hold up the inserts of new rows. SQLite, which has no UPDATE … LIMIT in
 * its default build, picks the ids in a subquery; it runs one write at a time.
 */
export async function leaseDueRows(
  db: Kysely<Database>,
  dialect: DialectName,
  claim: { table: LeasedTable; due: (eb: ExpressionBuilder<Database, LeasedTable>) => Expression<SqlBool>; oldestFirst: 'next_attempt_at' | 'locked_until' },
  lease: Lease,
): Promise<void> {
  // The tables share the lease's columns; typed as their union, one statement names them.
  const { table } = claim;
  const claimable = (eb: ExpressionBuilder<Database, LeasedTable>) =>
    eb.and([claim.due(eb), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', lease.now)])]);
  if (dialect === 'sqlite') {
    await db
      .updateTable(table)
      .set({ lease_owner: lease.owner, locked_until: lease.lockedUntil })
      .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where(claimable).orderBy(claim.oldestFirst).limit(lease.limit))
      .execute();
    return;
  }
  // Once more if a deadlock chose it (it races the other processes' leases, marks and inserts):
  // a failed lease would fail the whole pass, and a reminder pass waits a minute for the next.
  await onceMoreIfBusy(() =>
    db
      .transaction()
      .setIsolationLevel('read committed')
      .execute((trx) =>
        trx
          .updateTable(table)
          .set({ lease_owner: lease.owner, locked_until: lease.lockedUntil })
          .where(claimable)
          .orderBy(claim.oldestFirst)
          .limit(lease.limit)
          .execute(),
      ),
  );
}

/**
 * Ends the lease of the rows `owner` leased and never attempted (`ids`), so the next pass of any
 * process takes them at once instead of after the lease. Only the owner's rows: one whose lease
 * lapsed and that another pass leased since is that pass's now.
 */
export async function releaseLeases(db: Kysely<Database>, table: LeasedTable, owner: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable(table).set({ lease_owner: null, locked_until: null }).where('lease_owner', '=', owner).where('id', 'in', ids).execute();
}
