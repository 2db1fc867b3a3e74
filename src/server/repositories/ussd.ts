/**
 * USSD sessions and what their screens read (ussd/engine.ts). A session is one row any process can
 * answer from; each save is guarded by its version, so two processes answering the same gateway
 * retry cannot both write, and a gift's payment reference is claimed once (claimPayment) before its
 * prompt is sent. The causes a phone finds by code and the gifts a wallet made are read here too.
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { causes, ussdLanguages, ussdSessions, ussdSmsConsents } from '../db/schema';
import { PUBLIC_STATUSES, type CauseRow } from './causes';

export type UssdSessionRow = typeof ussdSessions.$inferSelect;
export type UssdSessionWrite = Pick<UssdSessionRow, 'screen' | 'data' | 'tries' | 'lastKey' | 'lastText' | 'ended'>;

export interface WalletGift {
  causeName: string;
  /** Pesewas. */
  amount: number;
  completedAt: Date;
}

/** Sessions a gateway has let go of long ago: removed a few at a time whenever a session starts. */
const KEEP_SESSIONS = sql`interval '1 day'`;

export class UssdRepo {
  constructor(private readonly db: Db) {}

  async session(id: string): Promise<UssdSessionRow | null> {
    const [row] = await this.db.select().from(ussdSessions).where(eq(ussdSessions.id, id)).limit(1);
    return row ?? null;
  }

  /** A new session, or null when another process created the same one a moment ago. */
  async create(values: UssdSessionWrite & { id: string; gateway: string; phone: string }): Promise<UssdSessionRow | null> {
    const [row] = await this.db.insert(ussdSessions).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  /** Saves the next state if nobody saved since `version` was read; null when someone did. */
  async save(id: string, version: number, values: UssdSessionWrite): Promise<UssdSessionRow | null> {
    const [row] = await this.db
      .update(ussdSessions)
      .set({ ...values, version: sql`${ussdSessions.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(ussdSessions.id, id), eq(ussdSessions.version, version)))
      .returning();
    return row ?? null;
  }

  /** Takes the session's one gift: true for the single caller that set the reference. */
  async claimPayment(id: string, reference: string): Promise<boolean> {
    const rows = await this.db
      .update(ussdSessions)
      .set({ paymentReference: reference })
      .where(and(eq(ussdSessions.id, id), isNull(ussdSessions.paymentReference)))
      .returning({ id: ussdSessions.id });
    return rows.length === 1;
  }

  async prune(limit = 100): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${ussdSessions} WHERE id IN (
      SELECT id FROM ${ussdSessions} WHERE ${lt(ussdSessions.updatedAt, sql`now() - ${KEEP_SESSIONS}`)} LIMIT ${limit})`);
  }

  /** A public (active or completed) cause by its six-digit code. */
  async causeByCode(code: string): Promise<CauseRow | null> {
    const [row] = await this.db
      .select()
      .from(causes)
      .where(and(eq(causes.shortCode, code), inArray(causes.status, PUBLIC_STATUSES)))
      .limit(1);
    return row ?? null;
  }

  /** A wallet's newest completed gifts (charged to this phone by mobile money, from USSD or the web). */
  async walletGifts(phone: string, limit: number): Promise<WalletGift[]> {
    const rows = await queryRows<{ cause_name: string; amount: string; completed_at: string | Date }>(
      this.db,
      sql`SELECT c.name AS cause_name, (d.amount - d.refunded_amount)::text AS amount, d.completed_at
        FROM mobile_charges m
        JOIN donations d ON d.payment_id = m.payment_id
        JOIN causes c ON c.id = d.cause_id
        WHERE m.phone = ${phone} AND d.status = 'completed'
        ORDER BY d.completed_at DESC, d.id DESC
        LIMIT ${limit}`,
    );
    return rows.map((row) => ({ causeName: row.cause_name, amount: Number(row.amount), completedAt: new Date(row.completed_at) }));
  }

  async recordSmsConsent(phone: string, receipts: boolean): Promise<void> {
    await this.db
      .insert(ussdSmsConsents)
      .values({ phone, receipts })
      .onConflictDoUpdate({ target: ussdSmsConsents.phone, set: { receipts, updatedAt: sql`now()` } });
  }

  /** The phone's language from "0 Language", kept for its next sessions. */
  async rememberLanguage(phone: string, locale: string): Promise<void> {
    await this.db
      .insert(ussdLanguages)
      .values({ phone, locale })
      .onConflictDoUpdate({ target: ussdLanguages.phone, set: { locale, updatedAt: sql`now()` } });
  }

  async language(phone: string): Promise<string | null> {
    const [row] = await this.db.select({ locale: ussdLanguages.locale }).from(ussdLanguages).where(eq(ussdLanguages.phone, phone)).limit(1);
    return row?.locale ?? null;
  }

  async smsConsent(phone: string): Promise<boolean | null> {
    const [row] = await this.db.select().from(ussdSmsConsents).where(eq(ussdSmsConsents.phone, phone)).limit(1);
    return row ? row.receipts : null;
  }
}
