/**
 * Sends what the outbox holds for the SMS channel: claims a batch (repositories/sms.ts), hands each
 * text to the gateway and records the outcome. Safe in any number of processes: each row is claimed
 * by one. A number that replied STOP after its text was queued gets nothing: the row fails at once.
 */
import type { FastifyInstance } from 'fastify';
import type { ClaimedSms } from '../repositories/sms';
import { SmsSendError, type SmsProvider } from './provider';

const BATCH = 50;
/** Texts of a batch in flight at once: a gateway call is mostly waiting on the network. */
const CONCURRENCY = 4;
/** Longer than one gateway call may take (SmsSettings.timeoutMs): a row is only re-claimed after its sender died. */
const LEASE_SECONDS = 120;

export const STOPPED_BEFORE_SENDING = 'Not sent: the number replied STOP (or withdrew its consent) after the text was queued.';

export interface SmsRun {
  sent: number;
  failed: number;
}

/** `stopping` as for mail (mail/worker.ts): a process shutting down finishes the texts in flight and hands the rest back. */
export async function sendDueSms(app: FastifyInstance, provider: SmsProvider, stopping: () => boolean = () => false): Promise<SmsRun> {
  const run: SmsRun = { sent: 0, failed: 0 };
  for (;;) {
    if (stopping()) return run;
    const claimed = await app.repos.sms.claim(BATCH, LEASE_SECONDS);
    const one = async ({ row, agreed }: ClaimedSms) => {
      if (!agreed) {
        await app.repos.sms.markFailed(row, STOPPED_BEFORE_SENDING, true);
        run.failed += 1;
        return;
      }
      try {
        const sent = await provider.send({ id: row.id, to: row.toAddress, text: row.textBody });
        await app.repos.sms.markSent(row.id, provider.keepsOnly ? 'kept' : 'sent', sent.providerMessageId);
        run.sent += 1;
      } catch (error) {
        const final = error instanceof SmsSendError && error.final;
        const status = await app.repos.sms.markFailed(row, error instanceof Error ? error.message : String(error), final);
        run.failed += 1;
        app.log.warn({ smsId: row.id, kind: row.kind, attempts: row.attempts, status }, 'SMS not sent');
      }
    };
    // A few lanes, each taking the next text when its last is done.
    let next = 0;
    const lane = async () => {
      while (next < claimed.length && !stopping()) await one(claimed[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, lane));
    if (next < claimed.length) {
      // The texts' rows are the mail outbox's (channel 'sms'): the same hand-back applies.
      await app.repos.mail.release(claimed.slice(next).map(({ row }) => row.id));
      return run;
    }
    if (claimed.length < BATCH) return run;
  }
}
