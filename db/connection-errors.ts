// mysql2's codes for a connection that broke, was killed or never came, and the server's
// errnos for the same (1927 is MariaDB's "Connection was killed"). Each is transient: the
// pool replaces the connection, so the next request may well succeed.
const LOST_CONNECTION_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
  'ER_QUERY_INTERRUPTED',
  'ER_CON_COUNT_ERROR',
]);
const LOST_CONNECTION_ERRNOS = new Set([1040, 1053, 1317, 1927, 2006, 2013]);
// Errors mysql2 raises without a code: a command on a connection that just closed, a closed pool.
const LOST_CONNECTION_MESSAGES = /^(Connection lost|Can't add new command when connection is in closed state|Can't write in closed state|Pool is closed)/;

/** Whether the error, or any error it was caused by, means the database connection was lost or refused. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causeChain(error)) {
    const { code, errno } = current as { code?: unknown; errno?: unknown };
    if (typeof code === 'string' && LOST_CONNECTION_CODES.has(code)) return true;
    if (typeof errno === 'number' && LOST_CONNECTION_ERRNOS.has(errno)) return true;
    if (LOST_CONNECTION_MESSAGES.test(current.message)) return true;
  }
  return false;
}

// A deadlock (1213) or a lock wait that timed out (1205): the transaction was rolled back and
// may well succeed when run again.
const BUSY_ERRNOS = new Set([1205, 1213]);

/** Whether the error, or any error it was caused by, is a deadlock or a lock-wait timeout. */
export function isDatabaseBusy(error: unknown): boolean {
  return causeChain(error).some((current) => BUSY_ERRNOS.has((current as { errno?: unknown }).errno as number));
}

/** The error and those it was caused by, at most ten deep. */
function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && chain.length < 10; current = current.cause) chain.push(current);
  return chain;
}
