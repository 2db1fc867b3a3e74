/**
 * A unit of work that spans tables commits whole or not at all: when its last step fails, every
 * table it touched is as before. The failure is injected into the repositories that
 * repos.transaction() hands out (the last step of each unit), the rest is the real code.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Repos } from '../../src/server/repositories/repos';
import { backends } from './helpers/backends';
import sharp from 'sharp';
import { bearer, multipartBody, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { currentAmount, donate, one, paymentRow, sandboxDecide, scene, verify } from './helpers/giving';
import { fund, requestWithdrawal, useDetails, withdrawalRow } from './helpers/payouts';

/** Makes `step` of the transaction-bound repositories throw, for the duration of `run`. */
async function withFailingStep<T>(app: FastifyInstance, step: (repos: Repos) => void, run: () => Promise<T>): Promise<T> {
  const original = app.repos.transaction;
  app.repos.transaction = ((work: (repos: Repos) => Promise<unknown>) =>
    original.call(app.repos, async (repos: Repos) => {
      step(repos);
      return work(repos);
    })) as Repos['transaction'];
  try {
    return await run();
  } finally {
    app.repos.transaction = original;
  }
}

const boom = () => {
  throw new Error('the last step failed');
};

describe.each(backends)('units of work roll back on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const app = () => ctx.app;
  const counts = async () =>
    one<{ donations: string; notifications: string; completed: string; days: string }>(
      ctx.app,
      sql`SELECT
    (SELECT count(*) FROM donations)::text AS donations, (SELECT count(*) FROM notifications)::text AS notifications,
    (SELECT count(*) FROM donations WHERE status = 'completed')::text AS completed,
    (SELECT coalesce(sum(amount), 0) FROM donation_days)::text AS days`,
    );

  it('settling a payment: the payment, its donations, the cause, counters and notifications stay as they were', async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const start = await donate(ctx.app, causeId, '40.00', {}, donor.access);
    await sandboxDecide(ctx.app, start.reference, 'success');
    const before = { amount: await currentAmount(ctx.app, causeId), counts: await counts() };
    // The donor's confirmation is the last write of a settlement.
    const answer = await withFailingStep(
      ctx.app,
      (repos) => {
        const toUser = repos.notifications.toUser.bind(repos.notifications);
        let calls = 0;
        repos.notifications.toUser = async (...args) => (++calls === 2 ? boom() : toUser(...args));
      },
      () => verify(ctx.app, start.reference),
    );
    expect(answer.statusCode).toBe(500);
    expect((await paymentRow(ctx.app, start.reference)).status).toBe('pending');
    expect(await currentAmount(ctx.app, causeId)).toBe(before.amount);
    expect(await counts()).toEqual(before.counts);
    // Nothing was lost: the next verify settles it once.
    expect((await verify(ctx.app, start.reference)).statusCode).toBe(200);
    expect(await currentAmount(ctx.app, causeId)).toBe(before.amount + 4_000);
  });

  it('creating a cause: no cause, cover picture or new category without its review notification', async () => {
    const organizer = await newSession(ctx.app);
    const tables = () =>
      one<{ causes: number; media: number; categories: number }>(
        ctx.app,
        sql`SELECT (SELECT count(*) FROM causes)::int AS causes, (SELECT count(*) FROM media)::int AS media,
          (SELECT count(*) FROM categories)::int AS categories`,
      );
    const before = await tables();
    const cover = await sharp({ create: { width: 640, height: 320, channels: 3, background: { r: 206, g: 17, b: 38 } } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody({
      name: 'Roof for Nima clinic',
      description: 'Rain comes in.',
      target_amount: '500.00',
      category: 'Roofing rollback test',
      cover_image: { filename: 'roof.png', contentType: 'image/png', data: cover },
    });
    const send = () =>
      ctx.app.inject({ method: 'POST', url: '/api/causes/create/', headers: { ...headers, ...bearer(organizer.access) }, payload });
    const res = await withFailingStep(
      ctx.app,
      (repos) => {
        repos.notifications.toAdmins = async () => boom();
      },
      send,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'server_error' });
    expect(await tables()).toEqual(before);
    // The same form sent again creates all of it.
    expect((await send()).statusCode).toBe(201);
    expect(await tables()).toEqual({ causes: before.causes + 1, media: before.media + 3, categories: before.categories + 1 });
  });

  it('moving a withdrawal: no new status without the organizer being told', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await fund(ctx.app, causeId, 5_000);
    await useDetails(ctx.app, organizer.access);
    const requested = await requestWithdrawal(ctx.app, organizer.access, causeId, '20.00');
    expect(requested.statusCode).toBe(201);
    const id = requested.json().id as string;
    const notesBefore = await counts();
    // The notification's text is written last, inside the transaction.
    await expect(app().repos.withdrawals.transition({ id }, ['requested'], 'approved', {}, boom)).rejects.toThrow('the last step failed');
    expect((await withdrawalRow(ctx.app, id)).status).toBe('requested');
    expect(await counts()).toEqual(notesBefore);
  });

  it('a cart sync: every line of the batch or none', async () => {
    const { causeId } = await scene(ctx.app);
    const other = (await scene(ctx.app)).causeId;
    const cart = await app().repos.carts.ensureGuest('0b0e6a9e-0000-4000-8000-0000000000c1');
    expect(cart).not.toBeNull();
    await app().repos.carts.sync(cart!.id, [{ causeId, quantity: 1, amount: 1_000 }]);
    // The second line has no amount: its INSERT fails after the first line was already changed.
    await expect(
      app().repos.carts.sync(cart!.id, [
        { causeId, quantity: 0, amount: null },
        { causeId: other, quantity: 2, amount: null },
      ]),
    ).rejects.toThrow();
    expect(await app().repos.carts.lines(cart!.id)).toEqual([expect.objectContaining({ quantity: 1 })]);
  });
});
