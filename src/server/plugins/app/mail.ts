/**
 * The mail worker in this process: with SMTP_URL set it sends queued mail when woken by a NOTIFY on
 * the mail channel (sent at the commit that queued it, to every process) and every
 * MAIL_INTERVAL_SECONDS for retries, one run at a time. Without SMTP_URL nothing is sent: queued mail is kept for the admins' Outgoing mail screen.
 */
import fp from 'fastify-plugin';
import { serialRuns } from '../../lib/serial-runs';
import { sendDueMail, type MailRun } from '../../mail/worker';
import { MAIL_CHANNEL } from '../../repositories/mail';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /** Sends everything due now and resolves when done (a run already going is awaited first). */
      flush(): Promise<MailRun>;
    };
  }
}

export default fp(
  async (app) => {
    const { smtpUrl, from, intervalSeconds } = app.config.mail;
    if (!smtpUrl) {
      app.decorate('mailer', { flush: async () => ({ sent: 0, failed: 0 }) });
      return;
    }
    // Loaded only where mail is sent (about 12 MB once loaded).
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(smtpUrl);
    let stopped = false;
    // The run stops after its current message when the process is shutting down (the drain), handing the rest back.
    const runs = serialRuns<MailRun>(
      () => sendDueMail(app, transport, from, () => stopped),
      { sent: 0, failed: 0 },
      (error) => app.log.error({ err: error }, 'Mail run failed'),
    );
    let timer: NodeJS.Timeout | null = null;

    const schedule = () => {
      if (stopped || intervalSeconds === 0) return;
      timer = setTimeout(() => void runs.run().finally(schedule), intervalSeconds * 1000);
      timer.unref();
    };

    app.decorate('mailer', { flush: runs.run });
    await app.pubsub.subscribe(MAIL_CHANNEL, () => {
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
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['repositories', 'pubsub'] },
);
