/**
 * Receipts: settlement queues one receipt mail (and organizer mails) in its own transaction, and
 * the receipt PDF opens for its donor, an admin, or a signed link, for settled payments only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { chargeSuccess, donate, sandboxDecide, scene, signedWebhook, verify } from './helpers/giving';
import { pdfText } from './helpers/pdf-text';

interface MailRow {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
}

const mails = (app: FastifyInstance, kind: string, contains: string) =>
  queryRows<MailRow>(
    app.db,
    sql`SELECT kind, to_address, subject, text_body FROM mail_outbox WHERE kind = ${kind} AND text_body LIKE ${`%${contains}%`}`,
  );

async function settled(app: FastifyInstance, causeId: string, amount: string, extra: Record<string, unknown> = {}, token?: string) {
  const start = await donate(app, causeId, amount, extra, token);
  // Paid the way the form said (the checkout's channel is what the receipt shows).
  const method = extra.payment_method as 'card' | 'mobile_money' | undefined;
  await sandboxDecide(app, start.reference, 'success', { method });
  expect((await verify(app, start.reference)).statusCode).toBe(200);
  return start.reference;
}

const linkIn = (text: string) => new URL(/https?:\/\/\S+receipt\.pdf\S*/.exec(text)![0]);

describe.each(backends)('donation receipts on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });

  it('queues one receipt mail with the gift, and its signed link opens the PDF', async () => {
    const { causeId } = await scene(ctx.app);
    const email = `receipt-${Date.now()}@example.com`;
    const reference = await settled(ctx.app, causeId, '40.00', {
      email,
      first_name: 'Esi',
      last_name: 'Mensah',
      payment_method: 'mobile_money',
    });
    // Settling again, by verify or by webhook, finds the payment settled and mails nothing.
    await verify(ctx.app, reference);
    await signedWebhook(ctx.app, ctx.app.payments.webhookSecret, chargeSuccess(reference));

    const rows = await mails(ctx.app, 'receipt', reference);
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail.to_address).toBe(email);
    expect(mail.subject).toContain(reference);
    expect(mail.text_body).toContain('Hello Esi Mensah,');
    expect(mail.text_body).toMatch(/: GH₵40\.00/);
    expect(mail.text_body).toContain('Total: GH₵40.00');
    expect(mail.text_body).toContain('Paid by: Mobile money');
    expect(mail.text_body).toContain('You gave under your name');

    const link = linkIn(mail.text_body);
    expect(link.origin).toBe('https://boafo.test');
    const res = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of ['Boafo', 'Donation receipt', reference, 'Esi Mensah', email, 'GHS 40.00', 'Payment method: Mobile money']) {
      expect(text).toContain(expected);
    }
  });

  it('refuses a tampered, expired or borrowed signature in the error shape', async () => {
    const { causeId } = await scene(ctx.app);
    const reference = await settled(ctx.app, causeId, '15.00');
    const other = await settled(ctx.app, causeId, '16.00');
    const good = ctx.app.receiptLinks.sign(reference);
    const old = ctx.app.receiptLinks.sign(reference, Date.now() - 31 * 24 * 3600 * 1000);
    const borrowed = ctx.app.receiptLinks.sign(other);
    const cases = [
      `sig=${good.sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}&exp=${good.exp}`,
      `sig=${good.sig}&exp=${good.exp + 1}`,
      `sig=${old.sig}&exp=${old.exp}`,
      `sig=${borrowed.sig}&exp=${borrowed.exp}`,
      `sig=nonsense&exp=soon`,
    ];
    for (const query of cases) {
      const res = await ctx.app.inject({ url: `/api/payments/${reference}/receipt.pdf?${query}` });
      expect(res.statusCode, query).toBe(403);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'permission_denied' });
    }
    const ok = await ctx.app.inject({ url: `/api/payments/${reference}/receipt.pdf?sig=${good.sig}&exp=${good.exp}` });
    expect(ok.statusCode).toBe(200);
    // Whoever holds the reference reads the verify answer, and with it a receipt path that needs no session.
    const { receipt_url } = (await verify(ctx.app, reference)).json() as { receipt_url: string };
    expect(receipt_url).toMatch(new RegExp(`^/api/payments/${reference}/receipt\\.pdf\\?sig=[a-f0-9]{64}&exp=\\d+$`));
    expect((await ctx.app.inject({ url: receipt_url })).statusCode).toBe(200);
  });

  it('opens for its signed-in donor and admins only, and only once the payment succeeded', async () => {
    const { admin, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const stranger = await newSession(ctx.app);
    const reference = await settled(
      ctx.app,
      causeId,
      '30.00',
      { email: donor.email, is_anonymous: true, first_name: 'Kojo' },
      donor.access,
    );
    const url = `/api/payments/${reference}/receipt.pdf`;

    const own = await ctx.app.inject({ url, headers: bearer(donor.access) });
    expect(own.statusCode).toBe(200);
    const text = pdfText(own.rawPayload);
    expect(text).toContain('Anonymous donor');
    expect(text).not.toContain('Kojo');
    expect((await ctx.app.inject({ url, headers: bearer(admin.access) })).statusCode).toBe(200);

    const theirs = await ctx.app.inject({ url, headers: bearer(stranger.access) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Receipt not found.', code: 'not_found' });
    const nobody = await ctx.app.inject({ url });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toMatchObject({ code: 'not_authenticated' });

    const pending = await donate(ctx.app, causeId, '12.00', { email: donor.email }, donor.access);
    const notYet = await ctx.app.inject({ url: `/api/payments/${pending.reference}/receipt.pdf`, headers: bearer(donor.access) });
    expect(notYet.statusCode).toBe(404);
    const signed = ctx.app.receiptLinks.sign(pending.reference);
    const signedPending = await ctx.app.inject({
      url: `/api/payments/${pending.reference}/receipt.pdf?sig=${signed.sig}&exp=${signed.exp}`,
    });
    expect(signedPending.statusCode).toBe(404);
    expect(await mails(ctx.app, 'receipt', pending.reference)).toHaveLength(0);
  });

  it("gives a signed-in donor the year's statement with its total", async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    await settled(ctx.app, causeId, '10.00', { email: donor.email }, donor.access);
    await settled(ctx.app, causeId, '2500.50', { email: donor.email }, donor.access);
    const [{ name }] = await queryRows<{ name: string }>(ctx.app.db, sql`SELECT name FROM causes WHERE id = ${causeId}`);
    const year = new Date().getUTCFullYear();

    const res = await ctx.app.inject({ url: `/api/donations/statement/${year}.pdf`, headers: bearer(donor.access) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`boafo-statement-${year}.pdf`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Donation statement ${year}`);
    expect(text).toContain(name);
    expect(text).toContain('GHS 10.00');
    expect(text).toContain('GHS 2,500.50');
    expect(text).toContain('GHS 2,510.50');
    expect(text).toContain('Total (2 donations)');

    const earlier = pdfText(
      (await ctx.app.inject({ url: `/api/donations/statement/${year - 1}.pdf`, headers: bearer(donor.access) })).rawPayload,
    );
    expect(earlier).toContain('No completed donations in this year.');
    expect(earlier).toContain('GHS 0.00');
    expect((await ctx.app.inject({ url: `/api/donations/statement/${year}.pdf` })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ url: '/api/donations/statement/last.pdf', headers: bearer(donor.access) });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 'not_found' });
  });

  it("mails the organizer once on the cause's first gift and once when it reaches its goal", async () => {
    const { organizer, causeId } = await scene(ctx.app, { target_amount: '50.00' });
    const [{ name }] = await queryRows<{ name: string }>(ctx.app.db, sql`SELECT name FROM causes WHERE id = ${causeId}`);
    const organizerMails = async (kind: string) => (await mails(ctx.app, kind, name)).filter((m) => m.to_address === organizer.email);

    await settled(ctx.app, causeId, '20.00');
    expect(await organizerMails('cause_first_donation')).toHaveLength(1);
    expect((await organizerMails('cause_first_donation'))[0].text_body).toContain('GH₵20.00');
    expect(await organizerMails('cause_goal_reached')).toHaveLength(0);

    const last = await settled(ctx.app, causeId, '40.00');
    await verify(ctx.app, last);
    expect(await organizerMails('cause_first_donation')).toHaveLength(1);
    const goal = await organizerMails('cause_goal_reached');
    expect(goal).toHaveLength(1);
    expect(goal[0].text_body).toContain(`https://boafo.test/causes/${causeId}`);
  });
});
