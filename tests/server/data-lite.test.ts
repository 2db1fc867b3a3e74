/**
 * Data-lite on the server (issue 31): painted pages honour `Save-Data: on` and the app's "Save data" cookie (one
 * 320 px list picture, no story picture until tapped, `Vary: Save-Data`); JSON and painted HTML go compressed when
 * accepted; built files carry no document-only security headers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_CAUSE_LIST_PATH } from '../../src/shared/cause-paths';
import type { Cause } from '../../src/shared/contract/causes';
import { SAVE_DATA_COOKIE } from '../../src/shared/save-data';
import { backends } from './helpers/backends';
import { useApp } from './helpers/app';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Boafo: give to causes in Ghana." />
    <title>Boafo</title>
  </head>
  <body>
    <div id="root"><div class="boot-shell"><main><h1>Together</h1></main></div></div>
    <noscript>Boafo needs JavaScript to run.</noscript>
  </body>
</html>`;

const dist = mkdtempSync(path.join(tmpdir(), 'boafo-dist-'));
mkdirSync(path.join(dist, '.vite'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
writeFileSync(path.join(dist, 'assets', 'chunk-abc123.js'), 'console.log("boafo")');
writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The <img> tags of a painted page's snapshot (#root), not the head's link preview. */
function images(html: string): string[] {
  const root = html.slice(html.indexOf('<div id="root">'));
  return root.match(/<img [^>]*>/g) ?? [];
}

describe.each(backends)('data-lite on $name', (backend) => {
  const ctx = useApp(backend, { seedDemo: true, webDistDir: dist });

  async function firstCause(): Promise<Cause> {
    const list = (await ctx.app.inject({ url: FIRST_CAUSE_LIST_PATH })).json() as { results: Cause[] };
    const cause = list.results.find((c) => c.cover_image_sizes && Object.keys(c.cover_image_sizes).length > 1);
    expect(cause, 'a demo cause with a cover in several widths').toBeDefined();
    return cause!;
  }

  it('paints the cause list with one 320 px picture per card for Save-Data: on, and the srcset without it', async () => {
    const cause = await firstCause();
    const small = cause.cover_image_sizes!['320'] ?? cause.cover_image_sizes!['320w'];
    expect(small).toBeDefined();

    const full = await ctx.app.inject({ url: '/causelistpage' });
    expect(images(full.body).some((img) => img.includes('srcset='))).toBe(true);
    expect(String(full.headers.vary)).toMatch(/Save-Data/);

    for (const headers of [{ 'save-data': 'on' }, { cookie: `${SAVE_DATA_COOKIE}=on` }]) {
      const saving = await ctx.app.inject({ url: '/causelistpage', headers });
      expect(saving.statusCode).toBe(200);
      const imgs = images(saving.body);
      expect(imgs.length).toBeGreaterThan(0);
      for (const img of imgs) expect(img).not.toContain('srcset=');
      expect(imgs.join('\n')).toContain(`src="${small}"`);
      expect(String(saving.headers.vary)).toMatch(/Save-Data/);
    }
  });

  it('paints a cause page without its story picture for Save-Data: on, with a Show picture button in its place', async () => {
    const cause = await firstCause();
    const full = await ctx.app.inject({ url: `/causes/${cause.id}` });
    expect(images(full.body).some((img) => img.includes('cause-detail__image'))).toBe(true);

    const saving = await ctx.app.inject({ url: `/causes/${cause.id}`, headers: { 'save-data': 'on' } });
    expect(images(saving.body).some((img) => img.includes('cause-detail__image'))).toBe(false);
    expect(saving.body).toContain('>Show picture</button>');
    // In the reader's language too.
    const twi = await ctx.app.inject({ url: `/causes/${cause.id}`, headers: { 'save-data': 'on', 'accept-language': 'ak' } });
    expect(twi.body).toContain('>Kyerɛ mfonini no</button>');
  });

  it('compresses JSON over 1 KB when accepted (brotli first, else gzip), and says it varies by Accept-Encoding', async () => {
    const plain = await ctx.app.inject({ url: FIRST_CAUSE_LIST_PATH });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ctx.app.inject({ url: FIRST_CAUSE_LIST_PATH, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await ctx.app.inject({ url: FIRST_CAUSE_LIST_PATH, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // A second ask (the public cache's copy, same ETag) is the same bytes.
    const again = await ctx.app.inject({ url: FIRST_CAUSE_LIST_PATH, headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    // Small answers are not worth it; br;q=0 is a refusal.
    const small = await ctx.app.inject({ url: '/api/health/', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await ctx.app.inject({ url: FIRST_CAUSE_LIST_PATH, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('compresses the painted pages too', async () => {
    const cause = await firstCause();
    const res = await ctx.app.inject({ url: `/causes/${cause.id}`, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('sends built files without the headers only documents use, and keeps them on pages and the worker', async () => {
    const chunk = await ctx.app.inject({ url: '/assets/chunk-abc123.js' });
    expect(chunk.statusCode).toBe(200);
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'strict-transport-security'])
      expect(chunk.headers[name], name).toBeUndefined();
    expect(chunk.headers['x-content-type-options']).toBe('nosniff');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(chunk.headers[name], name).toBeUndefined();
    // The worker's script is revalidated on every update check: it keeps its ETag.
    expect((await ctx.app.inject({ url: '/sw.js' })).headers.etag).toBeDefined();
    expect(chunk.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const url of ['/sw.js', '/']) {
      const doc = await ctx.app.inject({ url });
      expect(doc.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });
});
