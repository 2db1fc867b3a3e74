/**
 * Runs the money sweeper (payments/sweeper.ts) every SWEEP_INTERVAL_SECONDS in this process.
 * The timer never keeps the process alive (unref) and stops before the app closes its
 * database: a sweep in progress is awaited, none starts afterwards.
 */
import fp from 'fastify-plugin';
import { sweepOnce } from '../../jobs/sweeper';

export default fp(
  async (app) => {
    const seconds = app.config.sweeper.intervalSeconds;
    if (seconds === 0) return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    let stopped = false;

    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        running = sweepOnce(app)
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
