/**
 * The mail outbox. A message is queued in the caller's transaction (a password reset and its mail
 * commit together, or neither does) with a NOTIFY that wakes every process's mail worker at commit.
 *
 * Sending is claimed like the money sweeper's work: one UPDATE marks a batch 'sending' with a lease
 * (next_attempt_at moves to the lease's end) and returns it; FOR UPDATE SKIP LOCKED gives processes
 * claiming at the same moment disjoint rows. A claimed row is sent by its process and marked sent;
 * only a process that died between claiming and marking leaves a row whose lease runs out, and that
 * row is sent again (with the same Message-ID, so mail systems can drop the duplicate).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { mailOutbox, MAIL_STATUSES, OUTBOX_CHANNELS } from '../db/schema';

export type MailRow = typeof mailOutbox.$inferSelect;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** mail, or sms: texts share the table, the claim, the retries and the admins' screen (repositories/sms.ts). */
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const MAIL_CHANNEL = 'boafo_mail';

export interface OutgoingMail {
  /** What the message is for ('password_reset', 'receipt', …): for the admins' screen and tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Sends after a failure wait 1, 2, 4 … minutes, at most an hour; after MAX_ATTEMPTS the row is failed. */
export const MAX_ATTEMPTS = 8;
const backoffSeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

export class MailRepo {
  /** keepOnly: no SMTP server is configured, so queued mail is kept for the admins to read. */
  constructor(
    private readonly db: Db,
    private readonly keepOnly: boolean,
  ) {}

  async queue(message: OutgoingMail): Promise<string> {
    // The reserved .invalid domain (RFC 2606) names donors with no address, such as a phone giving by USSD: kept, never sent.
    const keep = this.keepOnly || /\.invalid$/i.test(message.to);
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        kind: message.kind,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        headers: message.headers ?? {},
        status: keep ? 'kept' : 'pending',
      })
      .returning({ id: mailOutbox.id });
    if (!keep) await this.db.execute(sql`SELECT pg_notify(${MAIL_CHANNEL}, '')`);
    return row.id;
  }

  /**
   * One message to every confirmed subscriber, in one statement whatever their number. `token`
   * in the text, HTML and headers is replaced by each subscriber's own unsubscribe token.
   * Answers how many were queued. `language`: only the subscribers who read it (`locale`), and with
   * `orUnknown` (every language the caller speaks) also those whose language is none of those.
   */
  async queueNewsletter(
    message: Omit<OutgoingMail, 'to'>,
    token: string,
    language: { locale: string; orUnknown?: readonly string[] } | null = null,
  ): Promise<number> {
    const personal = (value: string) => sql`replace(${value}, ${token}, s.unsubscribe_token)`;
    const headers = Object.entries(message.headers ?? {}).flatMap(([name, value]) => [sql`${name}::text`, personal(value)]);
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`INSERT INTO ${mailOutbox} (kind, to_address, subject, text_body, html_body, headers, status)
      SELECT ${message.kind}, s.email, ${message.subject}, ${personal(message.text)}, ${personal(message.html)},
        ${headers.length ? sql`jsonb_build_object(${sql.join(headers, sql`, `)})` : sql`'{}'::jsonb`}, ${this.keepOnly ? 'kept' : 'pending'}
      FROM newsletter_subscribers s
      WHERE s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL ${
        language
          ? language.orUnknown
            ? sql`AND (s.locale = ${language.locale} OR s.locale IS NULL OR s.locale NOT IN (${sql.join(
                language.orUnknown.map((l) => sql`${l}`),
                sql`, `,
              )}))`
            : sql`AND s.locale = ${language.locale}`
          : sql``
      }
      RETURNING id`,
    );
    if (rows.length > 0 && !this.keepOnly) await this.db.execute(sql`SELECT pg_notify(${MAIL_CHANNEL}, '')`);
    return rows.length;
  }

  /** Up to `limit` due messages of one channel, now this process's for `leaseSeconds`. */
  async claim(limit: number, leaseSeconds: number, channel: OutboxChannel = 'mail'): Promise<MailRow[]> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`UPDATE ${mailOutbox} SET status = 'sending', attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      WHERE id IN (
        SELECT id FROM ${mailOutbox}
        WHERE channel = ${channel} AND status IN ('pending', 'sending') AND next_attempt_at <= now()
        ORDER BY next_attempt_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    return this.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.nextAttemptAt);
  }

  /** Only while this process still holds the claim. `kept`: a text the log provider kept (nothing left the server). */
  async markSent(id: string, status: 'sent' | 'kept' = 'sent', providerMessageId: string | null = null): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status, sentAt: sql`now()`, lastError: null, providerMessageId })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
  }

  /** Claimed rows this process will not send after all (it is shutting down): due again now, the attempt uncounted. */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({ status: 'pending', attempts: sql`greatest(0, ${mailOutbox.attempts} - 1)`, nextAttemptAt: sql`now()` })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending')));
  }

  /** Back to pending after a wait, or failed for good after the last attempt (or at once when retrying cannot help). */
  async markFailed(row: Pick<MailRow, 'id' | 'attempts'>, error: string, final = false): Promise<MailStatus> {
    const status = final || row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    await this.db
      .update(mailOutbox)
      .set({
        status,
        lastError: error.slice(0, 500),
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
      })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
    return status;
  }

  /** Newest first, for the admins' Outgoing mail screen (mail and texts, or one channel). */
  async page(limit: number, offset: number, status?: MailStatus, channel?: OutboxChannel): Promise<{ total: number; rows: MailRow[] }> {
    const where = and(status ? eq(mailOutbox.status, status) : undefined, channel ? eq(mailOutbox.channel, channel) : undefined);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit).offset(offset),
      this.db.select({ total: count() }).from(mailOutbox).where(where),
    ]);
    return { total: Number(total), rows };
  }

  async find(id: string): Promise<MailRow | null> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    return row ?? null;
  }
}
