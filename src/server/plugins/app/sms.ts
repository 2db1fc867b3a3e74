/**
 * The SMS worker in this process, whatever SMS_PROVIDER says (with `log` the texts end 'kept' in the
 * database instead of leaving): woken by a NOTIFY on the SMS channel at the commit that queued a
 * text (every process hears it; each row is claimed by one) and every SMS_INTERVAL_SECONDS for
 * retries, one run at a time.
 */
import fp from 'fastify-plugin';
import { serialRuns } from '../../lib/serial-runs';
import { SMS_CHANNEL } from '../../repositories/sms';
import { smsProvider, type SmsProvider } from '../../sms/provider';
import { sendDueSms, type SmsRun } from '../../sms/worker';

declare module 'fastify' {
  interface FastifyInstance {
    sms: {
      provider: SmsProvider;
      /** Sends everything due now and resolves when done (a run already going is awaited first). */
      flush(): Promise<SmsRun>;
    };
  }
}

export default fp(
  async (app) => {
    const { intervalSeconds } = app.config.sms;
    const provider = smsProvider(app.config.sms, app.log);
    let stopped = false;
    const runs = serialRuns<SmsRun>(
      () => sendDueSms(app, provider, () => stopped),
      { sent: 0, failed: 0 },
      (error) => app.log.error({ err: error }, 'SMS run failed'),
    );
    let timer: NodeJS.Timeout | null = null;

    const schedule = () => {
      if (stopped || intervalSeconds === 0) return;
      timer = setTimeout(() => void runs.run().finally(schedule), intervalSeconds * 1000);
      timer.unref();
    };

    app.decorate('sms', { provider, flush: runs.run });
    await app.pubsub.subscribe(SMS_CHANNEL, () => {
      if (!stopped) void runs.run();
    });
    app.addHook('onReady', async () => {
      void runs.run();
      schedule();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await runs.stop();
    });
  },
  { name: 'sms', dependencies: ['repositories', 'pubsub'] },
);
