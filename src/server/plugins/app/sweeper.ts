/**
 * Runs the money sweeper (payments/sweeper.ts) every SWEEP_INTERVAL_SECONDS in this process.
 * The timer never keeps the process alive (unref) and stops before the app closes its
 * database: a sweep in progress stops after the item it is on (the items it had claimed and not
 * reached are due again one recheck period later, in any process), none starts afterwards.
 */
import fp from 'fastify-plugin';
import { sweepOnce } from '../../jobs/sweeper';

export interface SweeperState {
  /** Whether this process sweeps (SWEEP_INTERVAL_SECONDS > 0). */
  readonly enabled: boolean;
  /** When this process last finished a sweep (ms since the epoch); null before its first. */
  readonly lastFinishedAt: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    sweeper: SweeperState;
  }
}

export default fp(
  async (app) => {
    const seconds = app.config.sweeper.intervalSeconds;
    let lastFinishedAt: number | null = null;
    app.decorate('sweeper', {
      enabled: seconds > 0,
      get lastFinishedAt() {
        return lastFinishedAt;
      },
    } satisfies SweeperState);
    if (seconds === 0) return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    let stopped = false;

    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        running = sweepOnce(app, () => stopped)
          .then(() => {
            lastFinishedAt = Date.now();
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'Sweep failed'))
          .finally(() => {
            running = null;
            schedule();
          });
      }, seconds * 1000);
      timer.unref();
    };

    app.addHook('onReady', async () => schedule());
    app.addHook('preClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    });
  },
  { name: 'sweeper', dependencies: ['db', 'payments'] },
);
