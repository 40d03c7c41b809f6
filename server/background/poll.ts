import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  /** Stops the schedule and waits for a run in progress, so the database can close after. */
  stop: () => Promise<void>;
}

/**
 * Runs `task` at once and then `intervalMs` after each run ends, so runs never overlap.
 * A failing run is logged and the schedule goes on: a background job must not die quietly.
 */
export function startPolling(name: string, task: () => Promise<unknown>, intervalMs: number, log: FastifyBaseLogger): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = task()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, job: name }, `${name} failed`),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs);
      });
  };
  run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
