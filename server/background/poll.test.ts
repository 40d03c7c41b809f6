import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { MORE_DUE, startPolling } from './poll';

const silent = pino({ level: 'silent' });
describe('startPolling', () => {
  it('runs at once and again after each interval, and not after stop()', async () => {
    let runs = 0;
    const poller = startPolling('test', async () => runs++, 5, silent);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    await poller.stop();
    const stoppedAt = runs;
    await sleep(30);
    expect(runs).toBe(stoppedAt);
  });

  it('runs again at once after a run that answered MORE_DUE, and after the interval once it did not', async () => {
    let runs = 0;
    const poller = startPolling('backlog', async () => (++runs < 3 ? MORE_DUE : undefined), 60_000, silent);
    await vi.waitFor(() => expect(runs).toBe(3));
    await sleep(30);
    await poller.stop();
    expect(runs).toBe(3);
  });

  it('keeps going after a failed run and logs the failure', async () => {
    const log = pino({ level: 'silent' });
    const logged = vi.spyOn(log, 'error');
    let runs = 0;
    const poller = startPolling('flaky', async () => {
      runs++;
      if (runs === 1) throw new Error('database away');
    }, 5, log);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2));
    await poller.stop();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), 'flaky failed');
  });

  it('waits for a run in progress before stop() resolves', async () => {
    let finished = false;
    const poller = startPolling('slow', async () => {
      await sleep(30);
      finished = true;
    }, 1_000, silent);
    await poller.stop();
    expect(finished).toBe(true);
  });

  it('tells a run in progress that stop() was called, so it can end early', async () => {
    let sawStop = false;
    const poller = startPolling('long', async (stopping) => {
      while (!stopping.aborted) await sleep(5);
      sawStop = true;
    }, 1_000, silent);
    await sleep(20);
    await poller.stop();
    expect(sawStop).toBe(true);
  });
});
