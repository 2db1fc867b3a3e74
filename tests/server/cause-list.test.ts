import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { activeCause, ADMIN, adminSession, createCause, donate, type Session } from './helpers/causes';

/** A word only this file's causes contain, so other rows never disturb the expectations. */
const TOKEN = 'kpalime';

describe.each(backends)('cause list on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });
  const ids: Record<string, string> = {};
  let admin: Session;
  let ama: Session;
  const list = async (query: string, access?: string) => {
    const res = await ctx.app.inject({ url: `/api/causes/list/?${query}`, headers: access ? bearer(access) : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = async (query: string, access?: string) =>
    (await list(`search=${TOKEN}&${query}`, access)).results.map((c: { name: string }) => c.name);

  beforeAll(async () => {
    admin = await adminSession(ctx.app);
    const organizers: Session[] = [];
    for (const [first, last] of [
      ['Zed', 'Yaw'],
      ['Ama', 'Adjei'],
      ['Kofi', 'Mensah'],
    ]) {
      const s = await newSession(ctx.app);
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/profile/',
        headers: bearer(s.access),
        payload: { first_name: first, last_name: last },
      });
      organizers.push(s);
    }
    const [zed, amaS, kofi] = organizers;
    ama = amaS;
    const db = ctx.app.db as Db;
    const specs = [
      { key: 'Alpha', org: zed, category: 'Water & Sanitation', target: '500', raised: 10_000 },
      { key: 'Bravo', org: ama, category: 'Education', target: '900', raised: 5_000 },
      { key: 'Charlie', org: kofi, category: 'Medical', target: '100', raised: 30_000 },
      { key: 'Delta', org: ama, category: '', target: '0', raised: 0 },
    ];
    for (const spec of specs) {
      const cause = await activeCause(ctx.app, spec.org.access, admin.access, {
        name: `${spec.key} cause`,
        description: `Help for families in ${TOKEN.toUpperCase()} district.`,
        category: spec.category,
        target_amount: spec.target,
      });
      ids[spec.key] = cause.id;
      if (spec.raised) await donate(db, { causeId: cause.id, amount: spec.raised });
    }
    ids.Echo = (await createCause(ctx.app, ama.access, { name: 'Echo cause', description: `Still under review ${TOKEN}` })).id;
  });

  it('paginates with count, absolute next/previous links and an empty page past the end', async () => {
    const first = await list(`search=${TOKEN}&ordering=popularity&page_size=3`);
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(3);
    expect(first.previous).toBeNull();
    const next = new URL(first.next);
    expect(next.origin).toBe('https://boafo.test');
    expect(Object.fromEntries(next.searchParams)).toEqual({ search: TOKEN, ordering: 'popularity', page_size: '3', page: '2' });
    const second = await list(next.search.slice(1));
    expect(second.results.map((c: { name: string }) => c.name)).toEqual(['Delta cause']);
    expect(second.next).toBeNull();
    expect(new URL(second.previous).searchParams.get('page')).toBe('1');
    const beyond = await list(`search=${TOKEN}&page=7`);
    expect(beyond).toMatchObject({ count: 4, next: null, results: [] });
    // Default page size is 12: this file's 4 causes fit on page 1.
    expect((await list(`search=${TOKEN}`)).next).toBeNull();
  });

  it('rejects bad paging and ordering values with field errors', async () => {
    for (const [query, field] of [
      ['page_size=51', 'page_size'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['ordering=price', 'ordering'],
      ['organizer_id=nope', 'organizer_id'],
    ]) {
      const res = await ctx.app.inject({ url: `/api/causes/list/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', errors: { [field]: [expect.any(String)] } });
    }
    expect((await list('page_size=50')).results.length).toBeLessThanOrEqual(50);
  });

  it('sorts by each of the five orderings', async () => {
    expect(await names('')).toEqual(['Delta cause', 'Charlie cause', 'Bravo cause', 'Alpha cause']);
    expect(await names('ordering=date_created')).toEqual(['Delta cause', 'Charlie cause', 'Bravo cause', 'Alpha cause']);
    expect(await names('ordering=popularity')).toEqual(['Charlie cause', 'Alpha cause', 'Bravo cause', 'Delta cause']);
    expect(await names('ordering=goal_amount')).toEqual(['Bravo cause', 'Alpha cause', 'Charlie cause', 'Delta cause']);
    expect(await names('ordering=category')).toEqual(['Bravo cause', 'Charlie cause', 'Alpha cause', 'Delta cause']);
    const byOrganizer = await names('ordering=created_by');
    // Ama Adjei's two causes first (tie broken by id), then Kofi Mensah, then Zed Yaw.
    expect(byOrganizer.slice(2)).toEqual(['Charlie cause', 'Alpha cause']);
    const amaIds = [ids.Bravo, ids.Delta].sort();
    expect(byOrganizer.slice(0, 2)).toEqual(amaIds.map((id) => (id === ids.Bravo ? 'Bravo cause' : 'Delta cause')));
  });

  it('searches name and description case-insensitively, with LIKE wildcards taken literally', async () => {
    expect((await list('search=ALPHA%20CAUSE')).results.map((c: { id: string }) => c.id)).toEqual([ids.Alpha]);
    expect((await list(`search=${TOKEN.toUpperCase()}`)).count).toBe(4);
    expect((await list('search=%25')).count).toBe(0);
    expect((await list('search=_')).count).toBe(0);
  });

  it('filters by category name (any case) or id', async () => {
    expect(await names('category=medical')).toEqual(['Charlie cause']);
    const education = (await ctx.app.inject({ url: '/api/categories/' })).json().find((c: { name: string }) => c.name === 'Education');
    expect(await names(`category=${education.id}`)).toEqual(['Bravo cause']);
    expect(await names('category=Nothing%20here')).toEqual([]);
  });

  it('shows non-public causes only to their organizer (and admins naming the organizer)', async () => {
    const other = await newSession(ctx.app);
    expect(await names('')).not.toContain('Echo cause');
    expect(await names('', admin.access)).not.toContain('Echo cause');
    expect(await names(`organizer_id=${ama.id}`, ama.access)).toEqual(['Echo cause', 'Delta cause', 'Bravo cause']);
    expect(await names(`organizer_id=${ama.id}`, admin.access)).toContain('Echo cause');
    expect(await names(`organizer_id=${ama.id}`, other.access)).toEqual(['Delta cause', 'Bravo cause']);
    expect(await names(`organizer_id=${ama.id}`)).toEqual(['Delta cause', 'Bravo cause']);
  });

  it('includes organizer, category, donor count and a completed status in each row', async () => {
    const [charlie] = (await list('search=charlie')).results;
    expect(charlie).toMatchObject({
      organizer_name: 'Kofi Mensah',
      category: { name: 'Medical' },
      donor_count: 1,
      current_amount: '300.00',
      target_amount: '100.00',
      status: 'completed',
      accepts_donations: false,
    });
  });
});
