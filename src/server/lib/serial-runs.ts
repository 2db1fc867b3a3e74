/**
 * One outbox worker's runs in this process: at most one run going and one waiting. Callers during a
 * run share the waiting one, which starts after it and so sees whatever they queued. A failed run
 * is logged and answers `none`; after stop() nothing new starts and the last run is awaited.
 */
export interface SerialRuns<T> {
  run(): Promise<T>;
  stop(): Promise<void>;
}

export function serialRuns<T>(work: () => Promise<T>, none: T, onError: (error: unknown) => void): SerialRuns<T> {
  let last: Promise<T> = Promise.resolve(none);
  let waiting: Promise<T> | null = null;
  let stopped = false;
  return {
    run() {
      if (waiting) return waiting;
      const next = last.then(() => {
        waiting = null;
        if (stopped) return none;
        return work().catch((error: unknown) => {
          onError(error);
          return none;
        });
      });
      waiting = next;
      last = next;
      return next;
    },
    async stop() {
      stopped = true;
      await last;
    },
  };
}
