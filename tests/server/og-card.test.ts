/**
 * The link-preview card of a cause: a 1200×630 PNG for public causes only, cached until the amount
 * changes, and the address the first-load page gives crawlers as og:image.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { escapeXml, wrapTitle } from '../../src/server/lib/og-card';
import { backends } from './helpers/backends';
import { newSession, useApp } from './helpers/app';
import { ADMIN, activeCause, adminSession, createCause, donate } from './helpers/causes';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Boafo" />
    <title>Boafo</title>
  </head>
  <body>
    <div id="root"><div class="boot-shell"><header class="site-header"><a class="brand" href="/">Boafo</a></header></div></div>
    <noscript>Boafo needs JavaScript to run.</noscript>
  </body>
</html>`;

const dist = mkdtempSync(path.join(tmpdir(), 'boafo-og-'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('card text', () => {
  it('escapes everything XML gives meaning to, and drops control characters', () => {
    expect(escapeXml(`<b>"Ama's" & co</b>\u0007`)).toBe('&lt;b&gt;&quot;Ama&apos;s&quot; &amp; co&lt;/b&gt;');
  });

  it('wraps long titles and marks what was left out', () => {
    expect(wrapTitle('Clean water for Walewale', 12, 3)).toEqual(['Clean water', 'for Walewale']);
    const lines = wrapTitle('one two three four five six seven eight nine ten', 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(wrapTitle('   ', 10, 2)).toEqual(['Boafo']);
  });
});

describe.each(backends)('cause link-preview card on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, seedDemo: true, webDistDir: dist, publicUrl: 'https://boafo.example' });

  it('draws a 1200×630 PNG of an active cause, cached for an hour, and redraws when money comes in', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const cause = await activeCause(ctx.app, organizer.access, admin.access, {
      name: `</text><script>alert(1)</script> & "Ama's" surgery fund for a very long title that must wrap over lines`,
      target_amount: '5000.00',
    });
    const res = await ctx.app.inject({ url: `/media/og/causes/${cause.id}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 1200, height: 630 });

    const again = await ctx.app.inject({ url: `/media/og/causes/${cause.id}.png` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);

    await donate(ctx.app.db as Db, { causeId: cause.id, amount: 125_000 });
    const after = await ctx.app.inject({ url: `/media/og/causes/${cause.id}.png` });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(res.rawPayload)).toBe(false);
  });

  it('puts the cover picture of a seeded cause on the card', async () => {
    const list = (await ctx.app.inject({ url: '/api/causes/list/?page_size=50' })).json();
    const withCover = list.results.find((c: { cover_image: string | null }) => c.cover_image);
    expect(withCover).toBeDefined();
    const res = await ctx.app.inject({ url: `/media/og/causes/${withCover.id}.png` });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('answers 404 for a cause the public may not see, an unknown id and a malformed one', async () => {
    const organizer = await newSession(ctx.app);
    const pending = await createCause(ctx.app, organizer.access);
    for (const id of [pending.id, '0b0e6a9e-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc']) {
      const res = await ctx.app.inject({ url: `/media/og/causes/${id}.png` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ detail: expect.any(String), code: 'not_found' });
      expect(res.headers['cache-control'], id).not.toBe('public, max-age=3600');
    }
  });

  it('gives the cause page the card as its og:image and twitter:image', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const cause = await activeCause(ctx.app, organizer.access, admin.access);
    const res = await ctx.app.inject({ url: `/causes/${cause.id}` });
    expect(res.statusCode).toBe(200);
    const card = `https://boafo.example/media/og/causes/${cause.id}.png?v=0.00`;
    expect(res.body).toContain(`<meta property="og:image" content="${card}">`);
    expect(res.body).toContain('<meta property="og:image:width" content="1200">');
    expect(res.body).toContain('<meta property="og:image:height" content="630">');
    expect(res.body).toContain(`<meta name="twitter:image" content="${card}">`);
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
  });
});
