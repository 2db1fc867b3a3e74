/**
 * The mail worker in this process: with SMTP_URL set it sends queued mail when woken by a NOTIFY on
 * the mail channel (sent at the commit that queued it, to every process) and every
 * MAIL_INTERVAL_SECONDS for retries, one run at a time. Without SMTP_URL nothing is sent: queued mail is kept for the admins' Outgoing mail screen.
 */
import fp from 'fastify-plugin';
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
    const none: MailRun = { sent: 0, failed: 0 };
    // At most one run going and one waiting: callers during a run share the waiting one, which
    // starts after it and so sees whatever they queued.
    let last: Promise<MailRun> = Promise.resolve(none);
    let waiting: Promise<MailRun> | null = null;
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;

    const run = (): Promise<MailRun> => {
      if (waiting) return waiting;
      const next = last.then(() => {
        waiting = null;
        if (stopped) return none;
        return sendDueMail(app, transport, from, () => stopped).catch((error: unknown) => {
          app.log.error({ err: error }, 'Mail run failed');
          return none;
        });
      });
      waiting = next;
      last = next;
      return next;
    };

    const schedule = () => {
      if (stopped || intervalSeconds === 0) return;
      timer = setTimeout(() => void run().finally(schedule), intervalSeconds * 1000);
      timer.unref();
    };

    app.decorate('mailer', { flush: run });
    await app.pubsub.subscribe(MAIL_CHANNEL, () => {
      if (!stopped) void run();
    });
    app.addHook('onReady', async () => {
      void run();
      schedule();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await last;
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['repositories', 'pubsub'] },
);
