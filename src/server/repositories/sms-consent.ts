/**
 * Who may be texted, one row a number (233XXXXXXXXX): `agree` from a ticked box (donation form,
 * profile), a USSD session or a START reply; `stop` from a STOP reply or an unticked profile box.
 * The last word wins; agreeing again keeps the first agreement's source and time.
 */
import { eq, sql } from 'drizzle-orm';
import { normaliseGhanaMobile } from '../../shared/phone';
import type { Db } from '../db/client';
import { smsConsents, SMS_CONSENT_STATUSES } from '../db/schema';

export type SmsConsentStatus = (typeof SMS_CONSENT_STATUSES)[number];
/** Where a number said yes or no. */
export type SmsConsentSource = 'donation' | 'profile' | 'ussd' | 'sms';
export type SmsConsentRow = typeof smsConsents.$inferSelect;

export class SmsConsentRepo {
  constructor(private readonly db: Db) {}

  private async set(phone: string, status: SmsConsentStatus, source: SmsConsentSource): Promise<boolean> {
    const normalised = normaliseGhanaMobile(phone);
    if (!normalised) return false;
    await this.db
      .insert(smsConsents)
      .values({ phone: normalised, status, source })
      .onConflictDoUpdate({
        target: smsConsents.phone,
        set: { status, source, changedAt: sql`now()` },
        setWhere: sql`${smsConsents.status} <> ${status}`,
      });
    return true;
  }

  /** The number (any form people type) agrees to texts; false when it is not a Ghana mobile number. */
  agree(phone: string, source: SmsConsentSource): Promise<boolean> {
    return this.set(phone, 'agreed', source);
  }

  /** No more texts to this number (recorded even for a number we never wrote to); false when it is not a Ghana mobile. */
  stop(phone: string, source: SmsConsentSource): Promise<boolean> {
    return this.set(phone, 'stopped', source);
  }

  async find(phone: string): Promise<SmsConsentRow | null> {
    const normalised = normaliseGhanaMobile(phone);
    if (!normalised) return null;
    const [row] = await this.db.select().from(smsConsents).where(eq(smsConsents.phone, normalised)).limit(1);
    return row ?? null;
  }
}
