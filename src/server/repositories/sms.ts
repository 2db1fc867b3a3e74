/**
 * Texts in the outbox mail uses (channel 'sms', repositories/mail.ts claims and retries them). A text
 * is queued only to a number whose consent is 'agreed' at that moment, decided in the INSERT itself,
 * in the caller's transaction (a receipt commits with the settlement that earns it, or not at all),
 * with its SMS parts counted first; a NOTIFY wakes every process's SMS worker at commit. The worker
 * asks again before sending: a STOP that arrived in between wins.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { smsSegments } from '../../shared/sms-segments';
import { normaliseGhanaMobile } from '../../shared/phone';
import { queryRows, type Db } from '../db/client';
import { mailOutbox, smsConsents, users } from '../db/schema';
import { MailRepo, type MailRow, type MailStatus } from './mail';

export const SMS_CHANNEL = 'boafo_sms';

export interface OutgoingSms {
  /** What the text is for ('receipt', 'cause_update', …): for the admins' screen and tests. */
  kind: string;
  text: string;
}

export interface ClaimedSms {
  row: MailRow;
  /** The number still agrees to texts (no STOP since the text was queued). */
  agreed: boolean;
}

export class SmsRepo {
  private readonly outbox: MailRepo;

  constructor(private readonly db: Db) {
    this.outbox = new MailRepo(db, false);
  }

  private async insertFor(recipients: ReturnType<typeof sql>, message: OutgoingSms): Promise<string[]> {
    const parts = smsSegments(message.text).parts;
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`INSERT INTO ${mailOutbox} (channel, kind, to_address, subject, text_body, html_body, segments, status)
        SELECT 'sms', ${message.kind}, r.phone, '', ${message.text}, '', ${parts}, 'pending'
        FROM (${recipients}) r JOIN ${smsConsents} c ON c.phone = r.phone AND c.status = 'agreed'
        RETURNING id`,
    );
    if (rows.length > 0) await this.db.execute(sql`SELECT pg_notify(${SMS_CHANNEL}, '')`);
    return rows.map((r) => r.id);
  }

  /** One text to one number, when it agreed to texts; the row's id, or null when nothing was queued. */
  async queue(to: string, message: OutgoingSms): Promise<string | null> {
    const phone = normaliseGhanaMobile(to);
    if (!phone) return null;
    const [id] = await this.insertFor(sql`SELECT ${phone}::text AS phone`, message);
    return id ?? null;
  }

  /** One text to a person's profile number, when it is a Ghana mobile that agreed to texts. */
  async queueForUser(userId: string, message: OutgoingSms): Promise<string | null> {
    const [user] = await this.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId)).limit(1);
    return user ? this.queue(user.phone, message) : null;
  }

  /**
   * The cause's text to every number that asked for its news with a completed gift (each once), in the language
   * of that number's latest gift (the donor's account's choice, else the language the gift was made in); how many.
   */
  async queueForCauseDonors(causeId: string, message: (locale: string | null) => OutgoingSms): Promise<number> {
    const donors = await queryRows<{ phone: string; locale: string | null }>(
      this.db,
      sql`SELECT DISTINCT ON (d.sms_phone) d.sms_phone AS phone, COALESCE(u.locale, p.locale) AS locale
        FROM donations d
        LEFT JOIN payments p ON p.id = d.payment_id
        LEFT JOIN users u ON u.id = d.donor_id
        WHERE d.cause_id = ${causeId} AND d.status = 'completed' AND d.sms_phone IS NOT NULL
        ORDER BY d.sms_phone, d.created_at DESC`,
    );
    const byLocale = new Map<string | null, string[]>();
    for (const donor of donors) byLocale.set(donor.locale, [...(byLocale.get(donor.locale) ?? []), donor.phone]);
    let queued = 0;
    for (const [locale, phones] of byLocale) {
      const list = sql.join(
        phones.map((phone) => sql`${phone}`),
        sql`, `,
      );
      queued += (await this.insertFor(sql`SELECT unnest(ARRAY[${list}]::text[]) AS phone`, message(locale))).length;
    }
    return queued;
  }

  /** Up to `limit` due texts, now this process's for `leaseSeconds`, each with whether its number still agrees. */
  async claim(limit: number, leaseSeconds: number): Promise<ClaimedSms[]> {
    const rows = await this.outbox.claim(limit, leaseSeconds, 'sms');
    if (rows.length === 0) return [];
    const agreed = await this.db
      .select({ phone: smsConsents.phone })
      .from(smsConsents)
      .where(sql`${inArray(smsConsents.phone, [...new Set(rows.map((r) => r.toAddress))])} AND ${smsConsents.status} = 'agreed'`);
    const yes = new Set(agreed.map((a) => a.phone));
    return rows.map((row) => ({ row, agreed: yes.has(row.toAddress) }));
  }

  markSent(id: string, status: 'sent' | 'kept', providerMessageId: string | null): Promise<void> {
    return this.outbox.markSent(id, status, providerMessageId);
  }

  markFailed(row: Pick<MailRow, 'id' | 'attempts'>, error: string, final: boolean): Promise<MailStatus> {
    return this.outbox.markFailed(row, error, final);
  }
}
