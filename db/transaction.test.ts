import { describe, expect, it } from 'vitest';
import { markAfterSending } from './transaction';

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
