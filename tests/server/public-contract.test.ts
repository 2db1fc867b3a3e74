/**
 * The answers a client built only from the spec's call table reads literally (spec §3, §7, §8;
 * its image fields are in image-urls.test.ts): verify answers that cannot be mistaken for success,
 * completed-only donation history, a guest's landing cards on GET /api/donations/, readable
 * notification causes and contributor locations.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { notify } from '../../src/server/repositories/notifications';
import { backends } from './helpers/backends';
import { bearer, newSession, sessionIdOf, useApp } from './helpers/app';
import { ADMIN, activeCause, createCause, donate as insertDonation } from './helpers/causes';
import { donate, one, sandboxDecide, scene, verify } from './helpers/giving';

describe.each(backends)('the spec client contract on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });
  const get = (url: string, access?: string) =>
    ctx.app.inject({ url, headers: { host: 'lan-box.local:3000', ...(access ? bearer(access) : {}) } });

  it('verifies: 200 with the message only for success, 402 for failed and abandoned, 202 without a message while pending', async () => {
    const { causeId } = await scene(ctx.app);
    const outcomes: Record<string, { reference: string }> = {};
    for (const outcome of ['success', 'failed', 'abandoned', 'pending']) {
      outcomes[outcome] = await donate(ctx.app, causeId, '12.00');
      if (outcome !== 'pending') await sandboxDecide(ctx.app, outcomes[outcome].reference, outcome);
    }
    // A checkout the provider calls abandoned is the donor's to pay until PAYMENT_ABANDON_AFTER_SECONDS have passed.
    await ctx.app.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '1 day' WHERE reference = ${outcomes.abandoned.reference}`,
    );
    const success = await verify(ctx.app, outcomes.success.reference);
    expect(success.statusCode).toBe(200);
    expect(success.json()).toMatchObject({
      status: 'success',
      message: 'Payment verified successfully',
      total_amount: '12.00',
      currency: 'GHS',
    });

    for (const [outcome, detail] of [
      ['failed', 'Payment failed'],
      ['abandoned', 'Payment was cancelled'],
    ]) {
      const res = await verify(ctx.app, outcomes[outcome].reference);
      expect(res.statusCode, outcome).toBe(402);
      // The error shape a client shows, with the outcome in the body; never a message to read as success.
      expect(res.json()).toMatchObject({ detail, code: `payment_${outcome}`, status: outcome, reference: outcomes[outcome].reference });
      expect(res.json()).not.toHaveProperty('message');
      expect(res.json().donations[0]).toMatchObject({ status: outcome, amount: '12.00' });
    }

    const pending = await verify(ctx.app, outcomes.pending.reference);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toMatchObject({ status: 'pending', detail: 'Payment is still pending', total_amount: '12.00' });
    expect(pending.json()).not.toHaveProperty('message');
    expect(pending.json()).not.toHaveProperty('code');
    // Once the provider decides, the same reference verifies.
    await sandboxDecide(ctx.app, outcomes.pending.reference, 'success');
    expect((await verify(ctx.app, outcomes.pending.reference)).statusCode).toBe(200);
  });

  it('lists completed donations by default; pending, failed and abandoned only when asked for', async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const db = ctx.app.db as Db;
    for (const [amount, status] of [
      [1_000, 'completed'],
      [2_000, 'pending'],
      [3_000, 'failed'],
      [4_000, 'abandoned'],
      [5_000, 'completed'],
    ] as const) {
      await insertDonation(db, { causeId, amount, donorId: donor.id, email: donor.email, status });
    }
    const amounts = async (query: string) => {
      const res = await get(`/api/donations/${query}`, donor.access);
      expect(res.statusCode, query).toBe(200);
      return res.json().results.map((d: { amount: string; status: string }) => `${d.amount} ${d.status}`);
    };
    expect(await amounts('')).toEqual(['50.00 completed', '10.00 completed']);
    expect(await amounts('?page=1')).toEqual(['50.00 completed', '10.00 completed']);
    expect((await get('/api/donations/', donor.access)).json().count).toBe(2);
    expect(await amounts('?status=pending')).toEqual(['20.00 pending']);
    expect(await amounts('?status=failed,abandoned')).toEqual(['40.00 abandoned', '30.00 failed']);
    expect(await amounts('?status=all')).toEqual([
      '50.00 completed',
      '40.00 abandoned',
      '30.00 failed',
      '20.00 pending',
      '10.00 completed',
    ]);
    const bad = await get('/api/donations/?status=gifted', donor.access);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_error',
      errors: { status: [expect.stringContaining('completed, pending, failed, abandoned')] },
    });
  });

  it("answers a guest's GET /api/donations/ with the landing cards, and keeps each donor's history private", async () => {
    const { admin, organizer } = await scene(ctx.app);
    const db = ctx.app.db as Db;
    const needy = await activeCause(ctx.app, organizer.access, admin.access, {
      name: 'Incubators for Tamale',
      target_amount: '2000.00',
      category_data: '{"name":"Medical"}',
      location: 'Tamale',
    });
    await insertDonation(db, { causeId: needy.id, amount: 50_050, email: 'secret.donor@example.com', donorName: 'Secret Donor' });
    const reached = await activeCause(ctx.app, organizer.access, admin.access, { name: 'Already funded', target_amount: '10.00' });
    await insertDonation(db, { causeId: reached.id, amount: 1_000 });
    const waiting = await createCause(ctx.app, organizer.access, { name: 'Still under review' });

    const res = await ctx.app.inject({ url: '/api/donations/?page=1&page_size=50' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ count: expect.any(Number), next: null, previous: null });
    const ids = page.results.map((c: { id: string }) => c.id);
    expect(ids).toContain(needy.id);
    // Only active causes that still need money.
    expect(ids).not.toContain(reached.id);
    expect(ids).not.toContain(waiting.id);
    const card = page.results.find((c: { id: string }) => c.id === needy.id);
    expect(card).toEqual({
      id: needy.id,
      cause_id: needy.id,
      title: 'Incubators for Tamale',
      category: 'Medical',
      location: 'Tamale',
      goal: '2000.00',
      collected: '500.50',
      remaining: '1499.50',
      progress: 25,
      image: null,
      image_sizes: null,
    });
    for (const c of page.results) {
      expect(Number(c.collected)).toBeLessThan(Number(c.goal) || Infinity);
      expect(c.progress).toBeGreaterThanOrEqual(0);
      expect(c.progress).toBeLessThan(100);
    }
    // Cards carry public figures only: no donor, email or donation in them.
    expect(JSON.stringify(page)).not.toMatch(/Secret Donor|secret\.donor|@/);
    // Six a page by default, most funded first.
    const first = (await ctx.app.inject({ url: '/api/donations/' })).json();
    expect(first.results.length).toBeLessThanOrEqual(6);
    const collected = first.results.map((c: { collected: string }) => Number(c.collected));
    expect(collected).toEqual([...collected].sort((a, b) => b - a));

    // A signed-in donor still gets their own history, and only that.
    const donor = await newSession(ctx.app);
    await insertDonation(db, { causeId: needy.id, amount: 700, donorId: donor.id, email: donor.email });
    const mine = (await ctx.app.inject({ url: '/api/donations/', headers: bearer(donor.access) })).json();
    expect(mine.results).toEqual([expect.objectContaining({ cause_id: needy.id, amount: '7.00', status: 'completed' })]);
    // A stale token is a 401 (so the client refreshes), never the public cards in place of the history.
    const expired = await ctx.app.tokens.sign(
      { id: donor.id, email: donor.email, role: 'user', firstName: 'K', lastName: 'B' },
      sessionIdOf(donor.access),
      -60,
    );
    expect((await ctx.app.inject({ url: '/api/donations/', headers: bearer(expired) })).statusCode).toBe(401);
  });

  it('names the cause by its title in notifications, with the id beside it', async () => {
    const { organizer, causeId } = await scene(ctx.app, { name: 'Water tank for Nalerigu' });
    await notify(ctx.app.db, organizer.id, { title: 'About your cause', message: 'Something happened', causeId });
    const list = (await ctx.app.inject({ url: '/api/notifications/', headers: bearer(organizer.access) })).json();
    const item = list.results.find((n: { title: string }) => n.title === 'About your cause');
    expect(item).toMatchObject({ cause: 'Water tank for Nalerigu', cause_id: causeId, cause_title: 'Water tank for Nalerigu' });
    await notify(ctx.app.db, organizer.id, { title: 'No cause', message: 'General news' });
    const general = (await ctx.app.inject({ url: '/api/notifications/', headers: bearer(organizer.access) })).json().results[0];
    expect(general).toMatchObject({ title: 'No cause', cause: null, cause_id: null });
  });

  it('gives contributors a location when the donor named a country', async () => {
    const { causeId } = await scene(ctx.app);
    const start = await donate(ctx.app, causeId, '30.00', {
      first_name: 'Kwesi',
      last_name: 'Mensah',
      country: 'Ghana',
      email: 'kwesi@example.com',
    });
    await sandboxDecide(ctx.app, start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).statusCode).toBe(200);
    const quiet = await donate(ctx.app, causeId, '5.00', { first_name: 'Abla', last_name: 'Dzifa', email: 'abla@example.com' });
    await sandboxDecide(ctx.app, quiet.reference, 'success');
    await verify(ctx.app, quiet.reference);
    const contributors = (await ctx.app.inject({ url: '/api/contributors/' })).json();
    expect(contributors.find((c: { name: string }) => c.name === 'Kwesi Mensah')).toMatchObject({ location: 'Ghana', city: null });
    expect(contributors.find((c: { name: string }) => c.name === 'Abla Dzifa')).toMatchObject({ location: null, city: null });
    const stored = await one<{ country: string }>(ctx.app, sql`SELECT country FROM donations WHERE reference = ${start.reference}`);
    expect(stored.country).toBe('Ghana');
  });
});
