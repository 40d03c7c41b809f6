import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

/** What the logger writes for `err`, as JSON. */
function logged(err: unknown): string {
  const lines: string[] = [];
  pino(loggerOptions('info'), { write: (line: string) => lines.push(line) }).error({ err }, 'procedure failed');
  return lines.join('');
}

/** A lock timeout as mysql2 reports it: the statement with every value written in. */
function lockTimeout(): Error {
  const error = Object.assign(new Error('Lock wait timeout exceeded; try restarting transaction'), {
    code: 'ER_LOCK_WAIT_TIMEOUT',
    errno: 1205,
    sqlState: 'HY000',
    sqlMessage: 'Lock wait timeout exceeded; try restarting transaction',
    sql: "insert into `appointments` (`client_name`, `client_email`, `client_phone`) values ('Siti Aminah', 'siti@gmail.com', '+60129876543')",
    parameters: ['Siti Aminah', 'siti@gmail.com', '+60129876543'],
  });
  return error;
}

describe('errors in the log', () => {
  it('drop the statement and its values from a database error, keeping its class, code and stack', () => {
    const line = logged(lockTimeout());
    for (const value of ['Siti', 'siti@gmail.com', '60129876543', 'insert into']) expect(line).not.toContain(value);
    expect(JSON.parse(line).err).toMatchObject({
      type: 'Error',
      message: 'Lock wait timeout exceeded; try restarting transaction',
      code: 'ER_LOCK_WAIT_TIMEOUT',
      errno: 1205,
      stack: expect.stringContaining('loggable-error.test.ts'),
    });
  });

  it('replace the values a database message quotes, also in the stack and in a wrapping error’s cause', () => {
    const duplicate = Object.assign(new Error("Duplicate entry 'siti@gmail.com' for key 'users.email'"), {
      code: 'ER_DUP_ENTRY',
      sqlMessage: "Duplicate entry 'siti@gmail.com' for key 'users.email'",
    });
    const line = logged(new Error('booking failed', { cause: duplicate }));
    expect(line).not.toContain('siti');
    expect(line).toContain("Duplicate entry '?' for key '?'");
  });

  it('hide e-mail addresses in any error, such as a rejected recipient', () => {
    const rejected = Object.assign(new Error('Can’t send mail - all recipients were rejected: 550 <siti@gmail.com> unknown'), {
      rejected: ['siti@gmail.com'],
      response: '550 <siti@gmail.com> unknown',
    });
    const line = logged(rejected);
    expect(line).not.toContain('siti@gmail.com');
    expect(JSON.parse(line).err).toMatchObject({ rejected: ['[email]'], response: '550 <[email]> unknown' });
  });

  it('leave other values as they are', () => {
    expect(JSON.parse(logged('not an error')).err).toBe('not an error');
  });
});
