/**
 * Sends what the mail outbox holds: claims a batch (repositories/mail.ts), hands each message to
 * SMTP and records the outcome. Safe in any number of processes: each row is claimed by one.
 */
import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';

const BATCH = 20;
/** Longer than one SMTP conversation may take: a row is only re-claimed after its sender died. */
const LEASE_SECONDS = 120;

export interface MailRun {
  sent: number;
  failed: number;
}

/**
 * `stopping` is asked before each message: a process shutting down finishes the message it is on and
 * hands the rest of its batch back at once (due now, the attempt not counted) rather than leaving
 * them to wait out their lease.
 */
export async function sendDueMail(
  app: FastifyInstance,
  transport: Transporter,
  from: string,
  stopping: () => boolean = () => false,
): Promise<MailRun> {
  const run: MailRun = { sent: 0, failed: 0 };
  const host = new URL(app.config.publicUrl ?? 'http://boafo.local').hostname;
  for (;;) {
    if (stopping()) return run;
    const rows = await app.repos.mail.claim(BATCH, LEASE_SECONDS);
    for (const [index, row] of rows.entries()) {
      if (stopping()) {
        await app.repos.mail.release(rows.slice(index).map((left) => left.id));
        return run;
      }
      try {
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          headers: row.headers,
          // One id per row: a message sent twice (its sender died before recording it) is recognisable.
          messageId: `<${row.id}@${host}>`,
        });
        await app.repos.mail.markSent(row.id);
        run.sent += 1;
      } catch (error) {
        const status = await app.repos.mail.markFailed(row, error instanceof Error ? error.message : String(error));
        run.failed += 1;
        app.log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, status }, 'Mail not sent');
      }
    }
    if (rows.length < BATCH) return run;
  }
}
