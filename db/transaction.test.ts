import { describe, expect, it } from 'vitest';
import { markAfterSending, onceMoreIfBusy } from './transaction';

/** What mysql2 raises when MariaDB picks a transaction as a deadlock's victim. */
const deadlock = () => Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), { errno: 1213 });

/** A mark that loses to `losses` deadlocks before it lands, counting its tries. */
function markLosing(losses: number) {
  const mark = async () => {
    mark.tries++;
    if (mark.tries <= losses) throw deadlock();
  };
  mark.tries = 0;
  return mark;
}

describe('a mark after a send', () => {
  it('lands though it loses to deadlocks four times in a row', async () => {
    const mark = markLosing(4);
    await markAfterSending(mark);
    expect(mark.tries).toBe(5);
  });

  it('is tried again after a lost connection, gives up on the fifth refusal, and at once on any other error', async () => {
    let lost = 0;
    await markAfterSending(async () => {
      if (++lost === 1) throw new Error('Connection lost: The server closed the connection.');
    });
    expect(lost).toBe(2);
    const losing = markLosing(5);
    await expect(markAfterSending(losing)).rejects.toMatchObject({ errno: 1213 });
    expect(losing.tries).toBe(5);
    let tries = 0;
    await expect(
      markAfterSending(async () => {
        tries++;
        throw new Error('Unknown column in field list');
      }),
    ).rejects.toThrow('Unknown column');
    expect(tries).toBe(1);
  });
});

describe('a write the database was too busy for', () => {
  it('runs once more after a deadlock or a lock-wait timeout, and a second refusal goes to the caller', async () => {
    const once = markLosing(1);
    await onceMoreIfBusy(once);
    expect(once.tries).toBe(2);
    const twice = markLosing(2);
    await expect(onceMoreIfBusy(twice)).rejects.toMatchObject({ errno: 1213 });
    expect(twice.tries).toBe(2);
    let timedOut = 0;
    await onceMoreIfBusy(async () => {
      if (++timedOut === 1) throw Object.assign(new Error('Lock wait timeout exceeded; try restarting transaction'), { errno: 1205 });
    });
    expect(timedOut).toBe(2);
  });

  it('is not run again after any other error, a lost connection included (only a mark after a send is)', async () => {
    let tries = 0;
    await expect(
      onceMoreIfBusy(async () => {
        tries++;
        throw new Error('Connection lost: The server closed the connection.');
      }),
    ).rejects.toThrow('Connection lost');
    expect(tries).toBe(1);
  });
});
