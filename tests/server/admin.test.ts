import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, multipartBody, newSession, useApp } from './helpers/app';
import { activeCause, ADMIN, adminSession, createCause, donate } from './helpers/causes';

describe.each(backends)('admin endpoints on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, access?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: access ? bearer(access) : {}, ...(payload ? { payload } : {}) });

  it('lets only admins in: 401 without a token, 403 for users', async () => {
    const admin = await adminSession(ctx.app);
    const user = await newSession(ctx.app);
    const endpoints: Array<[string, string, number, object?]> = [
      ['GET', '/api/admin/causes/', 200],
      ['GET', '/api/admin/causes/review-totals/?period=month', 200],
      ['GET', '/api/admin/metrics/', 200],
      ['GET', '/api/admin/users/', 200],
      ['POST', '/api/blog-posts/', 201, { title: 'Permission check' }],
      ['POST', '/api/success-stories/', 201, { title: 'Permission check', description: 'x' }],
      ['POST', '/api/testimonials/', 201, { text: 'Permission check', author: 'Ama' }],
    ];
    const seen: Record<string, number[]> = {};
    const wanted: Record<string, number[]> = {};
    for (const [method, url, ok, payload] of endpoints) {
      const key = `${method} ${url}`;
      wanted[key] = [401, 401, 403, ok];
      seen[key] = [
        (await call(method as 'GET', url, undefined, payload)).statusCode,
        (await call(method as 'GET', url, 'not-a-token', payload)).statusCode,
        (await call(method as 'GET', url, user.access, payload)).statusCode,
        (await call(method as 'GET', url, admin.access, payload)).statusCode,
      ];
    }
    expect(seen).toEqual(wanted);
  });

  it('lists causes by status, oldest first, with rejection reasons, and counts reviews per period', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const before = (await call('GET', '/api/admin/causes/review-totals/?period=week', admin.access)).json();
    const first = await createCause(ctx.app, organizer.access, { name: 'Queue first' });
    const second = await createCause(ctx.app, organizer.access, { name: 'Queue second' });
    const third = await createCause(ctx.app, organizer.access, { name: 'Queue third' });
    const queue = (await call('GET', '/api/admin/causes/?page_size=50', admin.access)).json();
    const queued = queue.results.map((c: { id: string }) => c.id);
    expect(queued.indexOf(first.id)).toBeLessThan(queued.indexOf(second.id));
    expect(queue.results.every((c: { status: string }) => c.status === 'under_review')).toBe(true);

    await call('POST', `/api/admin/causes/${first.id}/approve/`, admin.access);
    await call('POST', `/api/admin/causes/${second.id}/reject/`, admin.access, { reason: 'Needs photos.' });
    const rejected = (await call('GET', '/api/admin/causes/?status=rejected', admin.access)).json();
    expect(rejected.results.find((c: { id: string }) => c.id === second.id).rejection_reason).toBe('Needs photos.');
    expect((await call('GET', '/api/admin/causes/?status=unknown', admin.access)).statusCode).toBe(400);

    // Resubmitting and rejecting again counts a second decision: totals describe reviews, not causes.
    await call('PUT', `/api/causes/${second.id}/`, organizer.access, { description: 'Photos attached.' });
    await call('POST', `/api/admin/causes/${second.id}/reject/`, admin.access, { reason: 'Still blurry.' });
    const after = (await call('GET', '/api/admin/causes/review-totals/?period=week', admin.access)).json();
    expect(after).toMatchObject({
      period: 'week',
      accepted: before.accepted + 1,
      rejected: before.rejected + 2,
      pending: before.pending + 1,
    });
    expect(Date.now() - new Date(after.since).getTime()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await call('GET', '/api/admin/causes/review-totals/', admin.access)).json().period).toBe('week');
    expect((await call('GET', '/api/admin/causes/review-totals/?period=year', admin.access)).statusCode).toBe(400);
    void third;
  });

  it('reports metrics per UTC day with zero-filled days, months and latest pending donations', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const db = ctx.app.db as Db;
    const cause = await activeCause(ctx.app, organizer.access, admin.access, { name: 'Metrics cause', target_amount: '0' });
    await donate(db, { causeId: cause.id, amount: 1_000, completedAt: new Date('2025-02-03T23:59:59Z') });
    await donate(db, { causeId: cause.id, amount: 2_500, completedAt: new Date('2025-02-03T00:00:00Z'), email: 'b@example.com' });
    await donate(db, { causeId: cause.id, amount: 400, completedAt: new Date('2025-02-04T00:00:00Z') });
    await donate(db, { causeId: cause.id, amount: 777, status: 'pending', email: 'pending@example.com' });

    const res = await call('GET', '/api/admin/metrics/?month=2025-02', admin.access);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m.month).toBe('2025-02');
    expect(m.days).toHaveLength(28);
    expect(m.days[0]).toEqual({ date: '2025-02-01', amount: '0.00', count: 0 });
    expect(m.days[2]).toEqual({ date: '2025-02-03', amount: '35.00', count: 2 });
    expect(m.days[3]).toEqual({ date: '2025-02-04', amount: '4.00', count: 1 });
    expect(m.totals).toMatchObject({ raised: '39.00', raised_in_month: '39.00', donations: 3, donors: 2 });
    expect(m.totals.users).toBeGreaterThanOrEqual(3);
    const current = new Date().toISOString().slice(0, 7);
    expect(m.months[0]).toBe(current);
    expect(m.months).toContain('2025-02');
    expect(m.pending_donations[0]).toMatchObject({
      cause_id: cause.id,
      cause_title: 'Metrics cause',
      amount: '7.77',
      email: 'pending@example.com',
    });
    const now = (await call('GET', '/api/admin/metrics/', admin.access)).json();
    expect(now.month).toBe(current);
    expect(now.days.every((d: { amount: string }) => d.amount === '0.00')).toBe(true);
    expect((await call('GET', '/api/admin/metrics/?month=2025-2', admin.access)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/metrics/?month=2024-02', admin.access)).json().days).toHaveLength(29);
  });

  it('lists users with search and counts', async () => {
    const admin = await adminSession(ctx.app);
    const user = await newSession(ctx.app);
    await createCause(ctx.app, user.access);
    const page = (await call('GET', `/api/admin/users/?search=${encodeURIComponent(user.email.toUpperCase())}`, admin.access)).json();
    expect(page.count).toBe(1);
    expect(page.results[0]).toEqual({
      id: user.id,
      email: user.email,
      name: 'Kofi Boateng',
      role: 'user',
      created_at: expect.any(String),
      causes_count: 1,
      donations_count: 0,
    });
    expect((await call('GET', '/api/admin/users/?search=admin%40boafo', admin.access)).json().results[0].role).toBe('admin');
  });

  it('creates and edits blog posts, success stories and testimonials', async () => {
    const admin = await adminSession(ctx.app);
    const post = await call('POST', '/api/blog-posts/', admin.access, {
      title: 'Harvest season giving in Techiman',
      category: 'Stories',
      excerpt: 'Short',
      content: 'Long',
    });
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json()).toMatchObject({
      slug: 'harvest-season-giving-in-techiman',
      category_name: 'Stories',
      description: 'Short',
      image: null,
      url: null,
    });
    const dup = await call('POST', '/api/blog-posts/', admin.access, { title: 'Harvest season giving in Techiman' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ slug: ['A blog post with this slug already exists.'] });
    expect((await call('POST', '/api/blog-posts/', admin.access, { title: 'x', slug: 'Bad Slug!' })).json().errors).toHaveProperty('slug');
    expect((await call('POST', '/api/blog-posts/', admin.access, {})).json().errors).toEqual({ title: ['This field is required.'] });

    const edited = await call('PUT', '/api/blog-posts/harvest-season-giving-in-techiman/', admin.access, {
      title: 'Harvest giving',
      url: 'https://example.gh/harvest',
    });
    expect(edited.json()).toMatchObject({
      title: 'Harvest giving',
      url: 'https://example.gh/harvest',
      slug: 'harvest-season-giving-in-techiman',
    });
    expect((await call('GET', '/api/blog-posts/harvest-season-giving-in-techiman/')).json().title).toBe('Harvest giving');
    expect((await call('PUT', '/api/blog-posts/no-such-post/', admin.access, { title: 'x' })).statusCode).toBe(404);
    await call('POST', '/api/blog-posts/', admin.access, { title: 'Other post' });
    const clash = await call('PUT', '/api/blog-posts/other-post/', admin.access, { slug: 'harvest-season-giving-in-techiman' });
    expect(clash.statusCode).toBe(400);

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fcd116' } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody({
      title: 'Borehole done',
      description: 'Water flows',
      image: { filename: 'a.png', contentType: 'image/png', data: png },
    });
    const story = await ctx.app.inject({
      method: 'POST',
      url: '/api/success-stories/',
      payload,
      headers: { ...headers, ...bearer(admin.access) },
    });
    expect(story.statusCode, story.body).toBe(201);
    expect(story.json().image).toMatch(/\/media\/[0-9a-f]{64}$/);
    const storyEdit = await call('PUT', `/api/success-stories/${story.json().id}/`, admin.access, { image: null, cause_id: 'nope' });
    expect(storyEdit.json().errors).toEqual({ cause_id: ['No cause with this id exists.'] });
    expect((await call('PUT', `/api/success-stories/${story.json().id}/`, admin.access, { image: null })).json().image).toBeNull();
    expect((await call('PUT', '/api/success-stories/junk/', admin.access, { title: 'x' })).statusCode).toBe(404);

    const t = await call('POST', '/api/testimonials/', admin.access, { content: 'Great', name: 'Efua' });
    expect(t.json()).toMatchObject({ text: 'Great', content: 'Great', author: 'Efua', name: 'Efua', role: '' });
    expect((await call('PUT', `/api/testimonials/${t.json().id}/`, admin.access, { role: 'Donor, Ho' })).json().role).toBe('Donor, Ho');
    expect((await call('PUT', `/api/testimonials/${t.json().id}/`, admin.access, { text: '  ' })).json().errors).toEqual({
      text: ['This field may not be blank.'],
    });
  });
});
