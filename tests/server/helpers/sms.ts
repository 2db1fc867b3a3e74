/** Helpers for SMS tests: giving with "Text me", settling, the texts in the outbox, replies from the gateway. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type SmsSettings } from '../../../src/server/config';
import { queryRows } from '../../../src/server/db/client';
import { donate, sandboxDecide, verify } from './giving';
import { adminAction, fund, requestWithdrawal, useDetails } from './payouts';

export const INBOUND_TOKEN = 'inbound-token-0123456789';

/** The log provider (nothing leaves), no timer, replies accepted with INBOUND_TOKEN. */
export const logSmsSettings = (overrides: Partial<SmsSettings> = {}): SmsSettings => ({
  ...loadConfig({}).sms,
  intervalSeconds: 0,
  inboundToken: INBOUND_TOKEN,
  ...overrides,
});

let phones = 0;
/** A fresh Ghana mobile number per call (233 24 xxx xxxx), in the local form people type. */
export function newPhone(): string {
  phones += 1;
  return `024${String((process.pid * 1000 + phones) % 10_000_000).padStart(7, '0')}`;
}
export const international = (local: string) => `233${local.slice(1)}`;

/** Gives `amount` to a cause with "Text me" on `phone` (or without, for null); returns the reference. */
export async function giveWithTexts(app: FastifyInstance, causeId: string, phone: string | null, amount = '25.00'): Promise<string> {
  const extra = phone ? { phone_country_code: '+233', phone_number: phone, sms_opt_in: true } : {};
  return (await donate(app, causeId, amount, extra)).reference;
}

/** The sandbox says paid, and verify settles it (the receipt and the organizer's texts are queued then). */
export async function settle(app: FastifyInstance, reference: string): Promise<void> {
  await sandboxDecide(app, reference, 'success');
  const res = await verify(app, reference);
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

export interface SmsRow {
  id: string;
  kind: string;
  to_address: string;
  text_body: string;
  status: string;
  attempts: number;
  segments: number;
  last_error: string | null;
  provider_message_id: string | null;
}

/** The texts queued to one number (233XXXXXXXXX), oldest first. */
export function textsTo(app: FastifyInstance, phone: string): Promise<SmsRow[]> {
  return queryRows<SmsRow>(
    app.db,
    sql`SELECT id, kind, to_address, text_body, status, attempts, segments, last_error, provider_message_id
      FROM mail_outbox WHERE channel = 'sms' AND to_address = ${phone} ORDER BY created_at, id`,
  );
}

/** Makes every text waiting for a retry due now (the backoff is minutes long). */
export const textsDueNow = (app: FastifyInstance) =>
  app.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE channel = 'sms' AND status = 'pending'`);

/** A reply as the gateway forwards it. */
export function reply(app: FastifyInstance, from: string, content: string, token: string | null = INBOUND_TOKEN) {
  return app.inject({
    method: 'POST',
    url: `/api/sms/inbound/${token === null ? '' : `?token=${token}`}`,
    payload: { From: from, To: '1234', Content: content },
  });
}

/**
 * What an organizer is texted about, played once: a first gift (20.00), the goal reached (15.00 more on a 30.00
 * goal), a withdrawal of 40.00 approved and one of 5.00 rejected with `rejectReason`.
 */
export async function playOrganizerSteps(
  app: FastifyInstance,
  scene: { admin: { access: string }; organizer: { access: string }; causeId: string },
  rejectReason: string,
): Promise<void> {
  const { admin, organizer, causeId } = scene;
  await settle(app, await giveWithTexts(app, causeId, null, '20.00'));
  await settle(app, await giveWithTexts(app, causeId, null, '15.00'));
  await useDetails(app, organizer.access);
  await fund(app, causeId, 10_000);
  const paid = (await requestWithdrawal(app, organizer.access, causeId, '40.00')).json().id;
  expectStatus(await adminAction(app, admin.access, paid, 'approve'), 200);
  const rejected = (await requestWithdrawal(app, organizer.access, causeId, '5.00')).json().id;
  expectStatus(await adminAction(app, admin.access, rejected, 'reject', { reason: rejectReason }), 200);
}

function expectStatus(res: { statusCode: number; body: string }, status: number): void {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
}
