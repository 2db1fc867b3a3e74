/**
 * Deleting an account: what must happen first, and the erasure itself. The person's row stays,
 * anonymised, because donations and causes point at it and the public ledger must still add up;
 * everything that says who they were (name, email, phone, address, pictures, payout details) is
 * overwritten, and what exists only for them (sessions, cart, favorites, notifications, push
 * subscriptions, reset links, newsletter sign-up, texts and the texting consent of their numbers) is removed. The caller runs erase() in one
 * transaction with the blocker check, so a withdrawal requested meanwhile cannot slip past.
 */
import { sql } from 'drizzle-orm';
import { normaliseGhanaMobile } from '../../shared/phone';
import { queryRows, type Db } from '../db/client';

export const FORMER_DONOR = 'A former donor';

export interface ErasureBlocker {
  causeId: string;
  causeName: string;
  /** Raised and not paid out, in pesewas (money in flight included). */
  held: number;
  inFlight: boolean;
}

export class AccountErasureRepo {
  constructor(private readonly db: Db) {}

  /** Causes of this organizer that still hold money or have a withdrawal on its way; locks the person's causes. */
  async blockers(userId: string): Promise<ErasureBlocker[]> {
    const rows = await queryRows<{ id: string; name: string; held: string; in_flight: boolean }>(
      this.db,
      sql`SELECT c.id, c.name,
        ((SELECT coalesce(sum(amount - refunded_amount), 0) FROM donations WHERE cause_id = c.id AND status = 'completed')
          - (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE cause_id = c.id AND status = 'paid'))::text AS held,
        EXISTS (SELECT 1 FROM withdrawals WHERE cause_id = c.id AND status IN ('awaiting_treasurers', 'requested', 'approved', 'processing')) AS in_flight
      FROM causes c WHERE c.organizer_id = ${userId}
      ORDER BY c.created_at FOR UPDATE OF c`,
    );
    return rows
      .map((r) => ({ causeId: r.id, causeName: r.name, held: Number(r.held), inFlight: Boolean(r.in_flight) }))
      .filter((b) => b.held > 0 || b.inFlight);
  }

  async erase(userId: string, email: string, unusablePasswordHash: string): Promise<void> {
    const placeholder = `deleted-${userId}@deleted.boafo.invalid`;
    const mine = sql`(donor_id = ${userId} OR (donor_id IS NULL AND lower(email) = ${email}))`;
    // The numbers they were texted on (their gifts' and their profile's): the texts and the consent go too.
    const [profile] = await queryRows<{ phone: string }>(this.db, sql`SELECT phone_number AS phone FROM users WHERE id = ${userId}`);
    const profilePhone = normaliseGhanaMobile(profile?.phone ?? '');
    const phones = sql`(SELECT sms_phone FROM donations WHERE ${mine} AND sms_phone IS NOT NULL
      UNION SELECT ${profilePhone}::text WHERE ${profilePhone}::text IS NOT NULL)`;
    await this.db.execute(sql`DELETE FROM mail_outbox WHERE channel = 'sms' AND to_address IN ${phones}`);
    await this.db.execute(sql`DELETE FROM sms_consents WHERE phone IN ${phones}`);
    await this.db.execute(sql`UPDATE donations SET donor_name = ${FORMER_DONOR}, first_name = '', last_name = '',
      phone_country_code = '', phone_number = '', sms_phone = NULL, email = ${placeholder} WHERE ${mine}`);
    await this.db.execute(sql`UPDATE payments SET email = ${placeholder} WHERE user_id = ${userId} OR lower(email) = ${email}`);
    // Monthly gifts were stopped at the provider first (delete-account route); here they stop for good, without the donor's details.
    await this.db.execute(sql`UPDATE subscriptions SET email = ${placeholder}, provider_token = NULL, next_charge_at = NULL,
      status = 'cancelled', cancelled_at = coalesce(cancelled_at, now()),
      donor = jsonb_build_object('donorId', user_id, 'email', ${placeholder}::text, 'donorName', ${FORMER_DONOR}::text,
        'firstName', '', 'lastName', '', 'country', '', 'phoneCountryCode', '', 'phoneNumber', '',
        'paymentMethod', donor->'paymentMethod', 'isAnonymous', true, 'message', NULL)
      WHERE user_id = ${userId}`);
    // Nobody can give to a cause whose organizer is gone; what it raised stays on the ledger.
    await this.db.execute(sql`UPDATE causes SET status = 'closed', updated_at = now()
      WHERE organizer_id = ${userId} AND status IN ('active', 'under_review', 'rejected')`);
    // Sessions, two-step sign-in and payout changes (migration 0022) hold devices, addresses and account numbers.
    // The audit trail keeps its rows: it refuses deletes, and names people only by id.
    for (const table of [
      'refresh_tokens',
      'favorites',
      'notifications',
      'push_subscriptions',
      'password_resets',
      'carts',
      'user_sessions',
      'two_step',
      'recovery_codes',
      'sign_in_challenges',
      'remembered_devices',
      'payout_changes',
    ]) {
      await this.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE user_id = ${userId}`);
    }
    await this.db.execute(sql`DELETE FROM newsletter_subscribers WHERE email = ${email}`);
    // Stored answers may repeat profile data; sent mail repeats names and links.
    await this.db.execute(sql`DELETE FROM idempotency_keys WHERE scope = ${`user:${userId}`}`);
    await this.db.execute(sql`DELETE FROM mail_outbox WHERE lower(to_address) = ${email}`);
    await this.db.execute(sql`UPDATE users SET email = ${placeholder}, password_hash = ${unusablePasswordHash},
      first_name = 'A former', last_name = 'member', username = NULL, occupation = '', bio = '', phone_number = '',
      address = '', withdrawal_address = NULL, profile_picture = NULL, cover_photo = NULL, is_active = false,
      deleted_at = now(), updated_at = now() WHERE id = ${userId}`);
  }
}
