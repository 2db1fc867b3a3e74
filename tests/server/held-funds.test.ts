/**
 * Money that can still be charged back is held for CARD_HOLD_HOURS after it settles; mobile money can
 * be withdrawn at once. The hold follows the channel the provider says the donor paid with, not the
 * method picked on the form (a donor may pick mobile money and pay by card on the checkout); a channel
 * the provider does not name is held like card. Receipts, statements and the donation list show the
 * channel paid. The hold is part of the one balance the withdrawal request checks under the cause's
 * row lock, so it holds under concurrency like the rest of the balance.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import { donate, one, sandboxDecide, scene, signedWebhook, verify } from './helpers/giving';
import { requestWithdrawal, useDetails } from './helpers/payouts';
import { pdfText } from './helpers/pdf-text';

type Method = 'card' | 'mobile_money';

async function give(app: FastifyInstance, causeId: string, amount: string, method: Method) {
  const start = await donate(app, causeId, amount, { payment_method: method });
  await sandboxDecide(app, start.reference, 'success', { method });
  expect((await verify(app, start.reference)).statusCode).toBe(200);
}

/** Pays on the sandbox checkout as its page's form does; no `method` is a JSON post that names no channel. */
async function payAtCheckout(app: FastifyInstance, reference: string, method?: Method) {
  const res = method
    ? await app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${reference}/`,
        payload: `method=${method}&outcome=success`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    : await app.inject({ method: 'POST', url: `/sandbox/checkout/${reference}/`, payload: { outcome: 'success' } });
  expect(res.statusCode).toBeLessThan(400);
  expect((await verify(app, reference)).statusCode).toBe(200);
}

const balance = async (app: FastifyInstance, access: string, causeId: string) =>
  (await app.inject({ url: `/api/causes/${causeId}/balance/`, headers: bearer(access) })).json();

/** reference → method, as the organizer's list of the cause's donations shows it. */
async function listedMethods(app: FastifyInstance, access: string, causeId: string): Promise<Record<string, string | null>> {
  const list = (await app.inject({ url: `/api/causes/${causeId}/donations/`, headers: bearer(access) })).json();
  return Object.fromEntries(list.results.map((d: { reference: string; method: string | null }) => [d.reference, d.method]));
}

async function receiptText(app: FastifyInstance, access: string, reference: string): Promise<string> {
  const res = await app.inject({ url: `/api/payments/${reference}/receipt.pdf`, headers: bearer(access) });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

describe.each(backends)('held card money on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 24 });

  it('mobile money at once, card money after the hold; the refusal says when the rest comes', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await give(ctx.app, causeId, '30.00', 'mobile_money');
    await give(ctx.app, causeId, '70.00', 'card');
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({
      raised: '100.00',
      held: '70.00',
      available: '30.00',
      refunded: '0.00',
    });
    const refused = await requestWithdrawal(ctx.app, organizer.access, causeId, '31.00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.amount).toEqual([
      'The most you can withdraw now is GH₵30.00. GH₵70.00 more can be withdrawn once card payments have cleared (24 hours after each).',
    ]);
    expect((await requestWithdrawal(ctx.app, organizer.access, causeId, '30.00')).statusCode).toBe(201);

    // A day later the card money has cleared.
    await ctx.app.db.execute(
      sql`UPDATE donations SET completed_at = completed_at - interval '24 hours 1 minute' WHERE cause_id = ${causeId}`,
    );
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ held: '0.00', pending: '30.00', available: '70.00' });
    expect((await requestWithdrawal(ctx.app, organizer.access, causeId, '70.00')).statusCode).toBe(201);
  });

  it('twenty requests at once never take held money', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await give(ctx.app, causeId, '50.00', 'mobile_money');
    await give(ctx.app, causeId, '500.00', 'card');
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestWithdrawal(ctx.app, organizer.access, causeId, '7.00')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(7);
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ pending: '49.00', held: '500.00', available: '1.00' });
  });

  it('holds by the channel paid on the checkout, not the form, and shows that channel on receipts, statements and the list', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    // Picked mobile money on the form, paid by card on the checkout.
    const switched = await donate(ctx.app, causeId, '40.00', { payment_method: 'mobile_money' });
    await payAtCheckout(ctx.app, switched.reference, 'card');
    // Picked nothing, paid by mobile money.
    const undeclared = await donate(ctx.app, causeId, '25.00');
    await payAtCheckout(ctx.app, undeclared.reference, 'mobile_money');
    // Picked mobile money, paid without the provider naming a channel: held like card.
    const unnamed = await donate(ctx.app, causeId, '10.00', { payment_method: 'mobile_money' });
    await payAtCheckout(ctx.app, unnamed.reference);

    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ raised: '75.00', held: '50.00', available: '25.00' });
    expect(await listedMethods(ctx.app, organizer.access, causeId)).toEqual({
      [switched.reference]: 'card',
      [undeclared.reference]: 'mobile_money',
      [unnamed.reference]: null,
    });
    expect(await receiptText(ctx.app, admin.access, switched.reference)).toContain('Payment method: Card');
    expect(await receiptText(ctx.app, admin.access, undeclared.reference)).toContain('Payment method: Mobile money');
    expect(await receiptText(ctx.app, admin.access, unnamed.reference)).not.toContain('Payment method:');
    const receiptMail = await one<{ text_body: string }>(
      ctx.app,
      sql`SELECT text_body FROM mail_outbox WHERE kind = 'receipt' AND text_body LIKE ${`%${switched.reference}%`}`,
    );
    expect(receiptMail.text_body).toContain('Paid by: Card');
    const csv = (await ctx.app.inject({ url: `/api/causes/${causeId}/statement.csv`, headers: bearer(organizer.access) })).body;
    expect(csv).toContain(`,${switched.reference},Card,40.00,completed`);
    expect(csv).toContain(`,${undeclared.reference},Mobile money,25.00,completed`);
    expect(csv).toContain(`,${unnamed.reference},,10.00,completed`);
  });
});

describe.each(backends)('held money by the channel Paystack reports on $name', (backend) => {
  const paystack = useFakePaystack();
  const { payments } = paystack;
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 24, publicUrl: 'https://boafo.test', payments });

  it('holds card, other and unnamed channels whatever the form said, and frees mobile money at once', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    const paid = async (amount: string, declared: Method | undefined, channel: string | null) => {
      const start = await donate(ctx.app, causeId, amount, declared ? { payment_method: declared } : {});
      paystack.fake.setOutcome(start.reference, 'success', { channel });
      const event = { event: 'charge.success', data: { reference: start.reference, status: 'success', ...(channel ? { channel } : {}) } };
      expect((await signedWebhook(ctx.app, paystack.fake.secret, event)).statusCode).toBe(200);
      expect((await verify(ctx.app, start.reference)).statusCode).toBe(200);
      return start.reference;
    };
    const switched = await paid('40.00', 'mobile_money', 'card');
    const undeclared = await paid('25.00', undefined, 'mobile_money');
    const unnamed = await paid('10.00', 'mobile_money', null);
    const transfer = await paid('5.00', 'mobile_money', 'bank_transfer');

    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ raised: '80.00', held: '55.00', available: '25.00' });
    expect(await listedMethods(ctx.app, organizer.access, causeId)).toEqual({
      [switched]: 'card',
      [undeclared]: 'mobile_money',
      [unnamed]: null,
      [transfer]: null,
    });
    expect(await receiptText(ctx.app, admin.access, switched)).toContain('Payment method: Card');
    expect(await receiptText(ctx.app, admin.access, undeclared)).toContain('Payment method: Mobile money');
    // The provider's own word is kept on the payment.
    const rows = await queryRows<{ reference: string; channel: string | null }>(
      ctx.app.db,
      sql`SELECT reference, channel FROM payments WHERE reference IN (${switched}, ${unnamed}, ${transfer})`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.reference, r.channel]))).toEqual({
      [switched]: 'card',
      [unnamed]: null,
      [transfer]: 'bank_transfer',
    });
  });
});

describe.each(backends)('no hold (CARD_HOLD_HOURS=0) on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 0 });

  it('card money is available at once', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await give(ctx.app, causeId, '70.00', 'card');
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ held: '0.00', available: '70.00' });
  });
});
