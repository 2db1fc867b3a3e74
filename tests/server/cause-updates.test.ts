/** A cause's updates (organizer news, its donors told) and its donors' words of support. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Repos } from '../../src/server/repositories/repos';
import { bearer, multipartBody, newSession, useApp } from './helpers/app';
import { backends } from './helpers/backends';
import { ADMIN, tick } from './helpers/causes';
import { donate, notificationCount, one, sandboxDecide, scene, verify } from './helpers/giving';

const post = (app: FastifyInstance, causeId: string, token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/causes/${causeId}/updates/`,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
    payload: payload as string,
  });

/** A paid donation (through the sandbox, as a donor would), with the given extra fields. */
async function gift(app: FastifyInstance, causeId: string, extra: Record<string, unknown> = {}, token?: string) {
  const start = await donate(app, causeId, '10.00', extra, token);
  await sandboxDecide(app, start.reference, 'success');
  expect((await verify(app, start.reference)).statusCode).toBe(200);
  return start;
}

const mailCount = async (app: FastifyInstance, to: string) =>
  (await one<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'cause_update' AND to_address = ${to}`)).n;

describe.each(backends)('cause updates and words of support on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  it('only the organizer or an admin may post an update', async () => {
    const { organizer, admin, causeId } = await scene(ctx.app);
    const stranger = await newSession(ctx.app);
    expect((await post(ctx.app, causeId, null, { body: 'Hi' })).statusCode).toBe(401);
    const refused = await post(ctx.app, causeId, stranger.access, { body: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied' });
    expect((await post(ctx.app, causeId, organizer.access, { body: 'Walls are up.' })).statusCode).toBe(201);
    expect((await post(ctx.app, causeId, admin.access, { body: 'Checked by Boafo.' })).statusCode).toBe(201);
    const empty = await post(ctx.app, causeId, organizer.access, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toBeDefined();
    expect((await post(ctx.app, causeId, organizer.access, { body: 'x'.repeat(5001) })).json().errors.body).toBeDefined();
  });

  it('tells each donor once: one notification per account, one mail per address', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    await gift(ctx.app, causeId, { email: donor.email }, donor.access);
    await gift(ctx.app, causeId, { email: donor.email }, donor.access);
    await gift(ctx.app, causeId, { email: 'Kofi.Guest@Example.com' });
    await gift(ctx.app, causeId, { email: 'kofi.guest@example.com' });
    // Not paid: not a donor.
    await donate(ctx.app, causeId, '5.00', { email: 'unpaid@example.com' });
    const res = await post(ctx.app, causeId, organizer.access, { body: 'The borehole is dug.' });
    expect(res.statusCode).toBe(201);
    expect(await notificationCount(ctx.app, donor.id, 'New update')).toBe(1);
    expect(await mailCount(ctx.app, donor.email.toLowerCase())).toBe(1);
    expect(await mailCount(ctx.app, 'kofi.guest@example.com')).toBe(1);
    expect(await mailCount(ctx.app, 'unpaid@example.com')).toBe(0);
    const mail = await one<{ text_body: string }>(
      ctx.app,
      sql`SELECT text_body FROM mail_outbox WHERE kind = 'cause_update' AND to_address = 'kofi.guest@example.com'`,
    );
    expect(mail.text_body).toContain('The borehole is dug.');
    expect(mail.text_body).toMatch(new RegExp(`https?://[^ ]+/causes/${causeId}`));
  });

  it('stores an uploaded image and lists updates newest first, a page at a time', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 107, b: 63 } } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody({
      body: 'With a picture',
      image: { filename: 'a.png', contentType: 'image/png', data: png },
    });
    const withImage = await post(ctx.app, causeId, organizer.access, payload, headers);
    expect(withImage.statusCode).toBe(201);
    // `image` is absolute (the request's address: inject's localhost:80); its sizes stay paths.
    const image = withImage.json().image as string;
    expect(image).toMatch(/^http:\/\/localhost:80\/media\/[0-9a-f]{64}$/);
    expect(Object.values(withImage.json().image_sizes)).toContain(new URL(image).pathname);
    expect((await ctx.app.inject({ url: new URL(image).pathname })).statusCode).toBe(200);
    for (let i = 1; i <= 11; i++) {
      await tick();
      expect((await post(ctx.app, causeId, organizer.access, { body: `Update ${i}` })).statusCode).toBe(201);
    }
    const first = await ctx.app.inject({ url: `/api/causes/${causeId}/updates/` });
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(12);
    expect(
      first
        .json()
        .results.map((u: { body: string }) => u.body)
        .slice(0, 2),
    ).toEqual(['Update 11', 'Update 10']);
    expect(first.json().next).toContain('page=2');
    const second = await ctx.app.inject({ url: `/api/causes/${causeId}/updates/?page=2` });
    expect(second.json().results.map((u: { body: string }) => u.body)).toEqual(['Update 1', 'With a picture']);
    expect(second.json().results[1].image_sizes).toEqual(expect.any(Object));
  });

  it('rolls the update, its image, notifications and mail back when the last step fails', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await gift(ctx.app, causeId, { email: 'rollback@example.com' });
    const tables = () =>
      one<{ updates: number; media: number; mail: number; notes: number }>(
        ctx.app,
        sql`SELECT (SELECT count(*) FROM cause_updates)::int AS updates, (SELECT count(*) FROM media)::int AS media,
          (SELECT count(*) FROM mail_outbox)::int AS mail, (SELECT count(*) FROM notifications)::int AS notes`,
      );
    const before = await tables();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 252, g: 209, b: 22 } } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody({ body: 'Doomed', image: { filename: 'b.png', contentType: 'image/png', data: png } });
    const original = ctx.app.repos.transaction;
    ctx.app.repos.transaction = ((work: (repos: Repos) => Promise<unknown>) =>
      original.call(ctx.app.repos, async (repos: Repos) => {
        repos.mail.queue = async () => {
          throw new Error('the last step failed');
        };
        return work(repos);
      })) as Repos['transaction'];
    try {
      expect((await post(ctx.app, causeId, organizer.access, payload, headers)).statusCode).toBe(500);
    } finally {
      ctx.app.repos.transaction = original;
    }
    expect(await tables()).toEqual(before);
  });

  it('shows words of support once paid, without the names of anonymous donors', async () => {
    const { causeId } = await scene(ctx.app);
    const list = async () => (await ctx.app.inject({ url: `/api/causes/${causeId}/messages/` })).json();
    const start = await donate(ctx.app, causeId, '10.00', { email: 'yaa@example.com', first_name: 'Yaa', message: '  Stay strong!  ' });
    expect((await list()).count).toBe(0);
    await sandboxDecide(ctx.app, start.reference, 'success');
    await verify(ctx.app, start.reference);
    await tick();
    await gift(ctx.app, causeId, { email: 'secret@example.com', first_name: 'Secret', is_anonymous: true, message: 'From afar' });
    const answer = await list();
    expect(answer.count).toBe(2);
    expect(answer.results).toEqual([
      { id: expect.any(String), message: 'From afar', donor_name: null, created_at: expect.any(String) },
      { id: expect.any(String), message: 'Stay strong!', donor_name: 'Yaa', created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(answer)).not.toContain('Secret');
  });

  it('takes a message with every kind of donation and refuses one over 280 characters', async () => {
    const { causeId } = await scene(ctx.app);
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      payload: { cause_id: causeId, donation_amount: '10.00', email: 'long@example.com', message: 'x'.repeat(281) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.message).toBeDefined();
    const pending = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/',
      payload: { cause_id: causeId, amount: '10.00', email: 'pending@example.com', message: 'Kept for later' },
    });
    expect(pending.statusCode).toBe(201);
    const row = await one<{ message: string }>(ctx.app, sql`SELECT message FROM donations WHERE id = ${pending.json().id}`);
    expect(row.message).toBe('Kept for later');
  });

  it('hides a message for good, by the organizer or an admin only', async () => {
    const { organizer, admin, causeId } = await scene(ctx.app);
    const stranger = await newSession(ctx.app);
    await gift(ctx.app, causeId, { email: 'a@example.com', message: 'Rude words' });
    await tick();
    await gift(ctx.app, causeId, { email: 'b@example.com', message: 'Kind words' });
    const list = async () => (await ctx.app.inject({ url: `/api/causes/${causeId}/messages/` })).json();
    const [kind, rude] = (await list()).results as { id: string }[];
    const hide = (id: string, token: string | null) =>
      ctx.app.inject({ method: 'POST', url: `/api/causes/${causeId}/messages/${id}/hide/`, headers: token ? bearer(token) : {} });
    expect((await hide(rude.id, null)).statusCode).toBe(401);
    expect((await hide(rude.id, stranger.access)).statusCode).toBe(403);
    expect((await hide(rude.id, organizer.access)).statusCode).toBe(204);
    expect((await list()).results.map((m: { message: string }) => m.message)).toEqual(['Kind words']);
    expect((await hide(kind.id, admin.access)).statusCode).toBe(204);
    expect((await list()).count).toBe(0);
    expect((await hide('00000000-0000-4000-8000-000000000000', organizer.access)).statusCode).toBe(404);
  });

  describe('with the public read cache on', () => {
    const cached = useApp(backend, { admin: ADMIN, publicCacheSeconds: 30 });

    it('a change from any connection empties the cached updates and messages', async () => {
      const { organizer, causeId } = await scene(cached.app);
      await gift(cached.app, causeId, { email: 'cache@example.com', message: 'Cached words' });
      const updates = async () => (await cached.app.inject({ url: `/api/causes/${causeId}/updates/` })).json().count as number;
      const messages = async () => (await cached.app.inject({ url: `/api/causes/${causeId}/messages/` })).json().count as number;
      expect(await updates()).toBe(0);
      expect(await messages()).toBe(1);
      // Written past the API (as another process would): only the triggers' NOTIFY can tell this one.
      await cached.app.db.execute(sql`INSERT INTO cause_updates (cause_id, author_id, body) VALUES (${causeId}, ${organizer.id}, 'Quiet')`);
      await expect.poll(updates).toBe(1);
      expect(await messages()).toBe(1);
      await cached.app.db.execute(sql`UPDATE donations SET message_hidden_at = now() WHERE cause_id = ${causeId}`);
      await expect.poll(messages).toBe(0);
    });
  });
});
