import { createConnection, type RowDataPacket } from 'mysql2/promise';

/**
 * For the test run only: InnoDB writes its log at each commit but flushes it to disk once a
 * second (`innodb_flush_log_at_trx_commit = 2`) instead of at every commit. The tests' databases
 * are thrown away after the run, so surviving a power cut buys them nothing, and the commit's
 * fsync was most of what a short transaction cost on this machine (4 ms against 1 ms, measured
 * over 500 single-row commits). Transactions, locks and isolation are unchanged: every test
 * still runs on MariaDB's real concurrency. Returns what puts the server's own setting back.
 */
export async function relaxMysqlDurability(server: string): Promise<() => Promise<void>> {
  const connection = await createConnection(server);
  try {
    const [[row]] = await connection.query<RowDataPacket[]>('SELECT @@GLOBAL.innodb_flush_log_at_trx_commit AS setting');
    const before = Number(row!.setting);
    // A server that does not let us change it (no SUPER) keeps its own: the run is only slower.
    await connection.query('SET GLOBAL innodb_flush_log_at_trx_commit = 2').catch(() => undefined);
    return async () => {
      const restore = await createConnection(server);
      await restore.query('SET GLOBAL innodb_flush_log_at_trx_commit = ?', [before]).catch(() => undefined);
      await restore.end();
    };
  } finally {
    await connection.end();
  }
}
