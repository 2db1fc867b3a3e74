/**
 * Deep links (/causelistpage, /causes/:id) come with the API answers, a static snapshot of the
 * first screen and a link preview; other pages get the plain app shell.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_CAUSE_LIST_PATH, CATEGORIES_PATH, causeDetailsPath } from '../../src/shared/cause-paths';
import { backends } from './helpers/backends';
import { useApp } from './helpers/app';
import { ADMIN, activeCause, adminSession } from './helpers/causes';
import { newSession } from './helpers/app';
import { causeDetailSnapshot } from '../../src/server/pages/snapshots';
import type { Cause } from '../../src/shared/contract/causes';

// The shape of the built index.html that the server edits (see index.html at the project root).
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Boafo: give to causes in Ghana." />
    <title>Boafo</title>
    <link rel="stylesheet" href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><div class="boot-shell"><header class="site-header"><a class="brand" href="/">Boafo</a></header><main><h1>Together</h1></main></div></div>
    <noscript>Boafo needs JavaScript to run.</noscript>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
  'src/web/routes/causelistpage.tsx?tsr-split=component': { file: 'assets/list-2.js', imports: ['_causes-3.js'] },
  '_causes-3.js': { file: 'assets/causes-3.js', css: ['assets/causes-3.css'], imports: ['index.html'] },
  'src/web/routes/causes/$id.tsx?tsr-split=component': {
    file: 'assets/detail-4.js',
    imports: ['_causes-3.js'],
    css: ['assets/detail-4.css'],
  },
};

const dist = mkdtempSync(path.join(tmpdir(), 'boafo-dist-'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The JSON the page carries for the app, parsed as the browser would. */
function bootAnswers(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="boot-answers">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'boot answers script').toBeDefined();
  return JSON.parse(json!);
}

describe.each(backends)('first-load pages on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, seedDemo: true, webDistDir: dist, publicUrl: 'https://boafo.example' });

  it('answers /causelistpage with the first page, its snapshot and the route stylesheets', async () => {
    const res = await ctx.app.inject({ url: '/causelistpage' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const answers = bootAnswers(res.body);
    const api = await ctx.app.inject({ url: FIRST_CAUSE_LIST_PATH });
    expect(answers[FIRST_CAUSE_LIST_PATH]).toEqual(api.json());
    expect(answers[CATEGORIES_PATH]).toEqual((await ctx.app.inject({ url: CATEGORIES_PATH })).json());
    for (const cause of api.json().results) expect(res.body).toContain(`href="/causes/${cause.id}"`);
    // Route CSS (not the entry's, which index.html already links), once each.
    expect(res.body.match(/href="\/assets\/causes-3\.css"/g)).toHaveLength(1);
    expect(res.body.match(/href="\/assets\/index-1\.css"/g)).toHaveLength(1);
    expect(res.body).not.toContain('detail-4.css');
    // The first card's image is the largest paint: fetched eagerly, every other one lazily.
    expect(res.body.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(res.body).toContain('<title>Causes · Boafo</title>');
    expect(res.body).not.toContain('boot-shell');
  });

  it('answers /causes/:id with the cause, a link preview and escaped text', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const hostile = `</script><script>alert("x")</script> & <b>Ama's</b> surgery`;
    const cause = await activeCause(ctx.app, organizer.access, admin.access, { name: hostile, description: `Line one\n${hostile}` });
    const res = await ctx.app.inject({ url: `/causes/${cause.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>Ama');
    expect(res.body).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Ama&#39;s&lt;/b&gt; surgery',
    );
    expect(bootAnswers(res.body)[causeDetailsPath(cause.id)]).toEqual((await ctx.app.inject({ url: causeDetailsPath(cause.id) })).json());
    expect(res.body).toContain(`<meta property="og:url" content="https://boafo.example/causes/${cause.id}">`);
    expect(res.body).toMatch(/<meta property="og:title" content="&lt;\/script&gt;/);
    expect(res.body).toContain('href="/assets/detail-4.css"');
    expect(res.body).toContain('href="/assets/causes-3.css"');
  });

  it("draws the cause panel's actions: Donate as a link that works before the app starts, or disabled with the reason", async () => {
    const list = (await ctx.app.inject({ url: '/api/causes/list/?page_size=1' })).json();
    const cause = (await ctx.app.inject({ url: causeDetailsPath(list.results[0].id) })).json() as Cause;
    const page = (await ctx.app.inject({ url: `/causes/${cause.id}` })).body;
    expect(page).toContain(`<a class="button button--primary button--large" href="/donation?causeId=${cause.id}">Donate</a>`);
    // The app presses these again once it has started (src/web/lib/page-takeover.ts matches them by their words).
    expect(page).toContain('<button type="button" class="button button--secondary">Add to Cart</button>');
    expect(page).toMatch(/<button type="button" class="button button--secondary share__toggle">.*Share <span class="visually-hidden">/);

    const closed = causeDetailSnapshot({ ...cause, accepts_donations: false, status: 'closed' }).main;
    expect(closed).not.toContain('href="/donation');
    expect(closed).toContain(
      '<button type="button" class="button button--primary button--large" disabled aria-describedby="donate-blocked">Donate</button>',
    );
    expect(closed).toContain('<p id="donate-blocked" class="field__hint">This cause is closed and no longer takes donations.</p>');
    expect(closed).toContain('disabled aria-describedby="donate-blocked">Add to Cart</button>');
  });

  it('points the preview image at the public address of the cause card (its cover, title and progress)', async () => {
    const list = (await ctx.app.inject({ url: '/api/causes/list/?page_size=50' })).json();
    const withCover = list.results.find((c: { cover_image: string | null }) => c.cover_image);
    const res = await ctx.app.inject({ url: `/causes/${withCover.id}` });
    expect(res.body).toContain(
      `<meta property="og:image" content="https://boafo.example/media/og/causes/${withCover.id}.png?v=${withCover.current_amount}">`,
    );
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('sends the plain app shell where there is nothing to answer ahead', async () => {
    const unknown = '0b0e6a9e-0000-4000-8000-000000000000';
    for (const url of ['/causes/create', `/causes/${unknown}`, '/causelistpage?q=water', '/dashboard', '/causes/not-a-uuid']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });
});

describe.each(backends)('first-load pages without PUBLIC_URL on $name', (backend) => {
  // Behind a trusted proxy, with the public cache on: the answers inside the page are the ones the
  // app would get from the address the page came from, never another address's cached copy.
  const ctx = useApp(backend, {
    admin: ADMIN,
    seedDemo: true,
    webDistDir: dist,
    publicUrl: null,
    trustProxy: true,
    publicCacheSeconds: 30,
  });
  const addresses = [
    { headers: { host: 'lan-box.local:3000' }, origin: 'http://lan-box.local:3000' },
    {
      headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'give.example.gh', 'x-forwarded-proto': 'https' },
      origin: 'https://give.example.gh',
    },
  ];

  it('embeds answers whose `image` fields name the address the page was asked at; the painted page uses paths', async () => {
    for (const round of [1, 2]) {
      for (const { headers, origin } of addresses) {
        const page = await ctx.app.inject({ url: '/causelistpage', headers });
        const list = bootAnswers(page.body)[FIRST_CAUSE_LIST_PATH] as { results: Cause[] };
        const pictured = list.results.filter((c) => c.cover_image);
        expect(pictured.length, `round ${round}`).toBeGreaterThan(0);
        for (const cause of pictured) expect(cause.image).toBe(`${origin}${cause.cover_image}`);
        const others = addresses.filter((a) => a.origin !== origin).map((a) => a.origin);
        for (const other of others) expect(page.body).not.toContain(other);
        expect(page.body).toContain(`<img src="${pictured[0].cover_image}"`);

        const detail = await ctx.app.inject({ url: `/causes/${pictured[0].id}`, headers });
        expect((bootAnswers(detail.body)[causeDetailsPath(pictured[0].id)] as Cause).image).toBe(`${origin}${pictured[0].cover_image}`);
        expect(detail.body).toContain(`<meta property="og:url" content="${origin}/causes/${pictured[0].id}">`);
      }
    }
  });
});
