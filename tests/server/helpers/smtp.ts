/**
 * A real SMTP server on a local port: the outside world our mail worker talks to. It keeps every
 * message it accepts and can refuse the next ones with a temporary error, as real servers do.
 */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { MailSettings } from '../../../src/server/config';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for finding links. */
  decoded: string;
  header(name: string): string | undefined;
}

export interface LocalSmtp {
  /** Pass as the app's config.mail: smtpUrl is filled in once the server listens. */
  settings: MailSettings;
  received: ReceivedMail[];
  /** The next n messages are refused with 451 (try again later). */
  refuseNext(n: number): void;
  /** Resolves once `count` messages have arrived (or fails after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>;
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export function useLocalSmtp(): LocalSmtp {
  const received: ReceivedMail[] = [];
  let refusing = 0;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
          header: (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const smtp: LocalSmtp = {
    settings: { smtpUrl: null, from: 'Boafo <no-reply@boafo.test>', intervalSeconds: 0 },
    received,
    refuseNext: (n) => {
      refusing = n;
    },
    waitFor: (count, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, got ${received.length}`));
        }, ms);
        waiters.add(check);
        check();
      }),
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    smtp.settings.smtpUrl = `smtp://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return smtp;
}
