import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  /** Stops the schedule and waits for a run in progress, so the database can close after. */
  stop: () => Promise<void>;
}

/**
 * What a run answers when it stopped with work left, at its pass's bound while a backlog lasts:
 * the next run starts at once instead of after the interval.
 */
export const MORE_DUE = Symbol('more due');

/**
 * Runs `task` at once and then `intervalMs` after each run ends, so runs never overlap; right
 * after a run that answered MORE_DUE (on the event loop's next turn).
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
    running = task(stopping.signal).then(
      (outcome) => next(outcome === MORE_DUE ? 0 : intervalMs),
      (error: unknown) => {
        log.error({ err: error, job: name }, `${name} failed`);
        next(intervalMs);
      },
    );
  };
  const next = (delayMs: number) => {
    if (!stopping.signal.aborted) timer = setTimeout(run, delayMs);
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
