/**
 * Card money is held for CARD_HOLD_HOURS after it settles (chargebacks come through cards); mobile
 * money can be withdrawn at once. The hold is part of the one balance the withdrawal request checks
 * under the cause's row lock, so it holds under concurrency like the rest of the balance.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { donate, sandboxDecide, scene, verify } from './helpers/giving';
import { requestWithdrawal, useDetails } from './helpers/payouts';

async function give(app: FastifyInstance, causeId: string, amount: string, method: 'card' | 'mobile_money') {
  const start = await donate(app, causeId, amount, { payment_method: method });
  await sandboxDecide(app, start.reference, 'success');
  expect((await verify(app, start.reference)).statusCode).toBe(200);
}

const balance = async (app: FastifyInstance, access: string, causeId: string) =>
  (await app.inject({ url: `/api/causes/${causeId}/balance/`, headers: bearer(access) })).json();

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
});

describe.each(backends)('no hold (CARD_HOLD_HOURS=0) on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 0 });

  it('card money is available at once', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await give(ctx.app, causeId, '70.00', 'card');
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ held: '0.00', available: '70.00' });
  });
});
