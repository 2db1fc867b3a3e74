import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatGhs, toDecimalString } from '../../src/shared/money';
import { queryRows, type Db } from '../../src/server/db/client';
import { SEED_STEPS } from '../../src/server/seed/seed';
import { backends } from './helpers/backends';
import { useApp } from './helpers/app';
import { donate } from './helpers/causes';

describe.each(backends)('seeded landing content on $name', (backend) => {
  const ctx = useApp(backend, { seedDemo: true });
  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json();
  };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.app.db as Db, query);

  it('seeds consistent causes: current_amount is the sum of completed donations', async () => {
    const causes = await rows<{ status: string; current: string; target: string; summed: string }>(sql`
      SELECT c.status, c.current_amount::text AS current, c.target_amount::text AS target,
             coalesce((SELECT sum(amount) FROM donations d WHERE d.cause_id = c.id AND d.status = 'completed'), 0)::text AS summed
      FROM causes c`);
    expect(causes).toHaveLength(14);
    for (const c of causes) expect(c.current).toBe(c.summed);
    const count = (s: string) => causes.filter((c) => c.status === s).length;
    expect([count('active'), count('completed'), count('under_review'), count('rejected')]).toEqual([9, 2, 2, 1]);
    for (const c of causes.filter((x) => x.status === 'completed')) expect(Number(c.current)).toBeGreaterThanOrEqual(Number(c.target));
    for (const c of causes.filter((x) => x.status === 'active')) {
      expect(Number(c.current)).toBeGreaterThan(0);
      expect(Number(c.current)).toBeLessThan(Number(c.target));
    }
    const runs = await rows<{ name: string }>(sql`SELECT name FROM seed_runs ORDER BY name`);
    expect(runs.map((r) => r.name)).toEqual(SEED_STEPS.map((s) => s.name).sort());
    const list = await get('/api/causes/list/?page_size=50');
    expect(list.count).toBe(11);
    expect(list.results.every((c: { cover_image: string | null }) => c.cover_image)).toBe(true);
    const cover = await ctx.app.inject({ url: list.results[0].cover_image });
    expect(cover.headers['content-type']).toBe('image/webp');
    expect((await get('/api/categories/')).map((c: { name: string }) => c.name)).toEqual([
      'Community',
      'Education',
      'Emergency',
      'Medical',
      'Water & Sanitation',
    ]);
  });

  it('computes statistics from the donations', async () => {
    const [truth] = await rows<{ raised: string; donors: number; donations: number }>(sql`
      SELECT sum(amount)::text AS raised, count(DISTINCT coalesce(donor_id::text, lower(email)))::int AS donors, count(*)::int AS donations
      FROM donations WHERE status = 'completed'`);
    expect(Number(truth.raised)).toBeGreaterThan(0);
    const stats = await get('/api/statistics/');
    expect(stats.map((s: { key: string }) => s.key)).toEqual(['total_raised', 'active_donors', 'causes_completed', 'platform_charge']);
    const value = (key: string) => stats.find((s: { key: string }) => s.key === key).value;
    expect(value('total_raised')).toBe(formatGhs(Number(truth.raised)));
    expect(value('active_donors')).toBe(String(truth.donors));
    expect(value('causes_completed')).toBe('2');
    expect(value('platform_charge')).toBe('0%');
    expect(await get('/api/donations/statistics/')).toEqual({
      total_raised: toDecimalString(Number(truth.raised)),
      total_donations: truth.donations,
      active_donors: truth.donors,
      causes_completed: 2,
      active_causes: 9,
      platform_charge_percent: 0,
    });
  });

  it('lists contributors newest first and never shows anonymous donations', async () => {
    const seeded = await get('/api/contributors/');
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.length).toBeLessThanOrEqual(12);
    const [cause] = await rows<{ id: string }>(sql`SELECT id FROM causes WHERE status = 'active' LIMIT 1`);
    const db = ctx.app.db as Db;
    await donate(db, { causeId: cause.id, amount: 100, email: 'shy@example.com', donorName: 'Shy Donor', isAnonymous: true });
    await donate(db, { causeId: cause.id, amount: 2_000, email: 'Mixed@example.com', donorName: 'Mixed Donor' });
    await donate(db, { causeId: cause.id, amount: 9_900, email: 'mixed@example.com', donorName: 'Mixed Donor', isAnonymous: true });
    const list = await get('/api/contributors/');
    const text = JSON.stringify(list);
    expect(text).not.toContain('Shy Donor');
    expect(text).not.toContain('@');
    expect(list[0]).toMatchObject({
      name: 'Mixed Donor',
      first_name: 'Mixed',
      last_name: 'Donor',
      amount: '20.00',
      location: null,
      city: null,
    });
    // The demo donors gave from Ghana: a location is shown when one is known.
    expect(seeded.every((c: { location: string | null }) => c.location === 'Ghana')).toBe(true);
    const anonymousNames = await rows<{ name: string }>(sql`
      SELECT DISTINCT donor_name AS name FROM donations d WHERE is_anonymous AND status = 'completed'
      AND NOT EXISTS (SELECT 1 FROM donations o WHERE NOT o.is_anonymous AND o.status = 'completed'
        AND coalesce(o.donor_id::text, lower(o.email)) = coalesce(d.donor_id::text, lower(d.email)))`);
    for (const { name } of anonymousNames) expect(list.map((c: { name: string }) => c.name)).not.toContain(name);
  });

  it('serves stories, blog posts and testimonials', async () => {
    const stories = await get('/api/success-stories/');
    expect(stories.length).toBeGreaterThanOrEqual(5);
    expect(stories[0].image).toMatch(/^http:\/\/localhost:80\/media\/[0-9a-f]{64}$/);
    const posts = await get('/api/blog-posts/');
    expect(posts).toHaveLength(3);
    const one = await get(`/api/blog-posts/${posts[0].slug}/`);
    expect(one).toEqual(posts[0]);
    const missing = await ctx.app.inject({ url: '/api/blog-posts/no-such-post/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Blog post not found.', code: 'not_found' });
    const testimonials = await get('/api/testimonials/');
    expect(testimonials).toHaveLength(4);
    expect(testimonials[0].text).toBe(testimonials[0].content);
  });

  it('subscribes to the newsletter idempotently and unsubscribes by token', async () => {
    const subscribe = (email: unknown) => ctx.app.inject({ method: 'POST', url: '/api/newsletter/subscribe/', payload: { email } });
    const first = await subscribe('  Kojo@Example.COM ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: 'Subscribed: check your email to confirm.', email: 'kojo@example.com' });
    const again = await subscribe('kojo@example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    for (const bad of ['not-an-email', '', 'a@b']) {
      const res = await subscribe(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: ['Enter a valid email address.'] });
    }
    const stored = await rows<{ n: number; token: string }>(sql`
      SELECT count(*) OVER ()::int AS n, unsubscribe_token AS token FROM newsletter_subscribers WHERE lower(email) = 'kojo@example.com'`);
    expect(stored).toHaveLength(1);
    const off = await ctx.app.inject({ url: `/api/newsletter/unsubscribe/?token=${stored[0].token}` });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ detail: 'Unsubscribed' });
    expect((await ctx.app.inject({ url: '/api/newsletter/unsubscribe/?token=nope' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/newsletter/unsubscribe/' })).statusCode).toBe(400);
    expect((await subscribe('kojo@example.com')).statusCode).toBe(201);
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM newsletter_subscribers`);
    expect(n).toBe(1);
  });
});
