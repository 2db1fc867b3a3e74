/**
 * Guests' public reads come from memory and stay correct: an ETag and 304 for a phone that has the
 * answer, a change made through the API shows at once, and a change made by another process (or
 * straight in the database) empties every process's copy through LISTEN/NOTIFY.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PUBLIC_CHANNEL } from '../../src/server/plugins/app/public-cache';
import type { Db } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { newSession, useApp, useTwoApps } from './helpers/app';
import { ADMIN, activeCause, adminSession } from './helpers/causes';

const LIST = '/api/causes/list/?page_size=50';
const names = (app: FastifyInstance) =>
  app.inject({ url: LIST }).then((res) => res.json().results.map((c: { name: string }) => c.name) as string[]);

/**
 * Waits until `app` has heard every notification committed so far: PostgreSQL delivers them in
 * commit order, so once a marker sent now arrives, the earlier ones (which empty the copy) are in.
 */
async function caughtUp(app: FastifyInstance): Promise<void> {
  const marker = `caught-up-${Math.random()}`;
  let heard!: () => void;
  const arrived = new Promise<void>((resolve) => (heard = resolve));
  const stop = await app.pubsub.subscribe(PUBLIC_CHANNEL, (payload) => payload === marker && heard());
  await app.pubsub.publish(PUBLIC_CHANNEL, marker);
  await arrived;
  stop();
}

/** A change no trigger sees (replication role): what a cache without invalidation would miss too. */
async function renameQuietly(db: Db, id: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`UPDATE causes SET name = ${name} WHERE id = ${id}`);
  });
}

describe.each(backends)('public read cache on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicCacheSeconds: 30 });

  it('answers a repeated read with the same bytes, an ETag, and 304 to a client that has them', async () => {
    const first = await ctx.app.inject({ url: LIST });
    const second = await ctx.app.inject({ url: LIST });
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await ctx.app.inject({ url: LIST, headers: { 'if-none-match': first.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await ctx.app.inject({ url: LIST, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('never serves a signed-in read from the guest copy', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const cause = await activeCause(ctx.app, organizer.access, admin.access, { name: 'Clinic roof for Bolgatanga' });
    await names(ctx.app);
    const signedIn = await ctx.app.inject({ url: LIST, headers: { authorization: `Bearer ${organizer.access}` } });
    expect(signedIn.json().results.find((c: { id: string }) => c.id === cause.id).is_favorite).toBe(false);
  });

  it('shows a change made through the API at once, and one made elsewhere once the database says so', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const cause = await activeCause(ctx.app, organizer.access, admin.access, { name: 'Water tank for Sandema' });
    expect(await names(ctx.app)).toContain('Water tank for Sandema'); // the approval cleared the copy
    await caughtUp(ctx.app);
    await names(ctx.app);
    // Invisible to the trigger: the copy is really kept...
    await renameQuietly(ctx.app.db as Db, cause.id, 'Renamed quietly');
    expect(await names(ctx.app)).toContain('Water tank for Sandema');
    // ...and any change the trigger sees, from any connection, empties it.
    await (ctx.app.db as Db).execute(sql`UPDATE causes SET location = 'Sandema' WHERE id = ${cause.id}`);
    await expect.poll(() => names(ctx.app)).toContain('Renamed quietly');
  });

  it("keeps a copy per origin: one address's host never shows in another's answer, nor its ETag", async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const cause = await activeCause(ctx.app, organizer.access, admin.access, { name: 'Clinic beds for Tumu' });
    const cover = { 960: 'c0'.repeat(32) };
    await (ctx.app.db as Db).execute(sql`UPDATE causes SET cover_image = ${JSON.stringify(cover)}::jsonb WHERE id = ${cause.id}`);
    await caughtUp(ctx.app);
    // No PUBLIC_URL: `image` (and next/previous) are written for the address each request came to.
    const read = (host: string, url: string, etag?: string) =>
      ctx.app.inject({ url, headers: { host, ...(etag ? { 'if-none-match': etag } : {}) } });
    const urls = [`/api/causes/details/${cause.id}/`, '/api/causes/list/?page_size=1', '/api/donations/?page_size=50'];
    const first: Record<string, { lan: string; web: string; lanTag: string }> = {};
    for (const url of urls) {
      const lan = await read('lan-box.local:3000', url);
      const web = await read('boafo.example.gh', url);
      expect(lan.body, url).toContain(`http://lan-box.local:3000/media/${cover[960]}`);
      expect(web.body, url).toContain(`http://boafo.example.gh/media/${cover[960]}`);
      expect(web.body, url).not.toContain('lan-box');
      expect(lan.body, url).not.toContain('boafo.example.gh');
      expect(web.headers.etag, url).not.toBe(lan.headers.etag);
      first[url] = { lan: lan.body, web: web.body, lanTag: lan.headers.etag as string };
    }
    // Both copies are kept (a quiet rename does not show) and each address still gets its own.
    await renameQuietly(ctx.app.db as Db, cause.id, 'Renamed quietly again');
    for (const url of urls) {
      expect((await read('boafo.example.gh', url)).body, url).toBe(first[url].web);
      expect((await read('lan-box.local:3000', url)).body, url).toBe(first[url].lan);
      // A phone holding the LAN answer gets 304 there, and the full answer from the other address.
      expect((await read('lan-box.local:3000', url, first[url].lanTag)).statusCode, url).toBe(304);
      expect((await read('boafo.example.gh', url, first[url].lanTag)).statusCode, url).toBe(200);
    }
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('public read cache across two processes on one PostgreSQL', () => {
  const apps = useTwoApps(postgres!, { admin: ADMIN, publicCacheSeconds: 30 });

  it('a change answered by one process empties the other process copy', async () => {
    const { a, b } = apps;
    for (let round = 0; round < 5; round += 1) {
      const admin = await adminSession(b);
      const organizer = await newSession(b);
      const cause = await activeCause(b, organizer.access, admin.access, { name: `Round ${round} cause` });
      await expect.poll(() => names(a)).toContain(`Round ${round} cause`);
      await caughtUp(a);
      await names(a);
      await renameQuietly(a.db as Db, cause.id, `Round ${round} renamed`);
      expect(await names(a)).toContain(`Round ${round} cause`); // a's copy is in use
      // b closes the cause through its API: a hears it and reads afresh.
      const closed = await b.inject({
        method: 'POST',
        url: `/api/causes/${cause.id}/close/`,
        headers: { authorization: `Bearer ${organizer.access}` },
      });
      expect(closed.statusCode).toBe(200);
      await expect.poll(() => names(a)).not.toContain(`Round ${round} cause`);
      expect(await names(a)).not.toContain(`Round ${round} renamed`); // closed: no longer public
    }
  });
});
