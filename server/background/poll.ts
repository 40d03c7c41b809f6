import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  /** Stops the schedule and waits for a run in progress, so the database can close after. */
  stop: () => Promise<void>;
}

/**
 * Runs `task` at once and then `intervalMs` after each run ends, so runs never overlap.
 * A failing run is logged and the schedule goes on: a background job must not die quietly.
 * `stopping` aborts when stop() is called, so a long run can end early instead of holding up
 * the shutdown.
 */
export function startPolling(
  name: string,
  task: (stopping: AbortSignal) => Promise<unknown>,
  intervalMs: number,
  log: FastifyBaseLogger,
): Poller {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = task(stopping.signal)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, job: name }, `${name} failed`),
      )
      .finally(() => {
        if (!stopping.signal.aborted) timer = setTimeout(run, intervalMs);
      });
  };
  run();
  return {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
