import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPasswordOfAccount } from './passwords';

async function millisecondsOf(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1]!;
}

describe('verifyPasswordOfAccount', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPasswordOfAccount(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPasswordOfAccount(hash, 'correct horse battery')).toBe(false);
  });

  it('refuses when there is no account, after doing the same argon2 work as a wrong password', async () => {
    const hash = await hashPassword('the real one');
    await verifyPasswordOfAccount(undefined, 'warm-up'); // the throwaway hash is made once
    expect(await verifyPasswordOfAccount(undefined, 'the real one')).toBe(false);
    const wrongPassword = await millisecondsOf(() => verifyPasswordOfAccount(hash, 'guess'));
    const unknownAccount = await millisecondsOf(() => verifyPasswordOfAccount(undefined, 'guess'));
    // Without the throwaway verification an unknown account would answer ~100 times faster.
    expect(unknownAccount).toBeGreaterThan(wrongPassword * 0.25);
  });
});
