/**
 * The pages the server paints (`/`, the cause list, a cause) speak the reader's language: the cookie the app's
 * language picker sets, else the browser's Accept-Language. The words are the app's catalog's, `<html lang>` and
 * the link preview follow, and every answer says it varies by both headers.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { causeDetailsPath } from '../../src/shared/cause-paths';
import { causeProgress } from '../../src/shared/cause-progress';
import type { Cause } from '../../src/shared/contract/causes';
import { formatGhs } from '../../src/shared/money';
import { translator } from '../../src/server/lib/i18n';
import { escapeHtml } from '../../src/server/pages/html';
import { siteHeaderHtml } from '../../src/server/pages/site-header';
import { backends } from './helpers/backends';
import { useApp } from './helpers/app';

// The real index.html (its static hero is what `/` paints), as the build would serve it.
const INDEX_HTML = path.join(import.meta.dirname, '..', '..', 'index.html');
const dist = mkdtempSync(path.join(tmpdir(), 'boafo-dist-'));
copyFileSync(INDEX_HTML, path.join(dist, 'index.html'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const ogDescription = (html: string) => /<meta property="og:description" content="([^"]*)">/.exec(html)?.[1];

it("index.html's static header is the one the server paints in English (so the worker's copy matches the app's)", () => {
  const header = /<header class="site-header">[\s\S]*?<\/header>/.exec(readFileSync(INDEX_HTML, 'utf8'))?.[0] ?? '';
  const tight = (html: string) => html.replace(/\s+/g, ' ').replace(/>\s+</g, '><').replace(/\s+>/g, '>');
  expect(tight(header)).toBe(tight(siteHeaderHtml(translator('en'), 'en', '/')));
});

describe.each(backends)('pages in the reader’s language on $name', (backend) => {
  const ctx = useApp(backend, { seedDemo: true, webDistDir: dist, publicUrl: 'https://boafo.example' });

  it.each([
    { by: 'the cookie', headers: { cookie: 'theme=dark; boafo_locale=ak', 'accept-language': 'en-GB' }, locale: 'ak' as const },
    { by: 'Accept-Language', headers: { 'accept-language': 'ee-GH,ee;q=0.9,en;q=0.5' }, locale: 'ee' as const },
  ])('paints /, /causelistpage and /causes/:id in the language of $by', async ({ headers, locale }) => {
    const t = translator(locale);
    const list = (await ctx.app.inject({ url: '/api/causes/list/?page_size=1' })).json() as { results: Cause[] };
    const cause = (await ctx.app.inject({ url: causeDetailsPath(list.results[0]!.id) })).json() as Cause;
    const progress = causeProgress(cause.target_amount, cause.current_amount);
    const money = { raised: formatGhs(progress.collected), goal: formatGhs(progress.goal) };
    const pages = [
      { url: '/', words: [t('landing.hero.title'), t('landing.services.create.text')], og: t('landing.meta.description') },
      { url: '/causelistpage', words: [t('causes.list.title'), t('causes.list.searchLabel')], og: t('causes.list.metaDescription') },
      {
        url: `/causes/${cause.id}`,
        words: [t('causes.detail.about'), t('causes.donate')],
        og: t('causes.share.description', { ...money, story: '' }).trim(),
      },
    ];
    for (const page of pages) {
      const res = await ctx.app.inject({ url: page.url, headers });
      expect(res.statusCode, page.url).toBe(200);
      expect(res.headers.vary, page.url).toMatch(/Cookie, Accept-Language/);
      expect(res.body, page.url).toContain(`<html lang="${locale}"`);
      for (const word of [...page.words, t('common.nav.home')]) expect(res.body, page.url).toContain(escapeHtml(word));
      // The header's language picker shows the page's language, as the app's does.
      expect(res.body, page.url).toContain(`<option value="${locale}" lang="${locale}" selected>`);
      expect(ogDescription(res.body), page.url).toContain(escapeHtml(page.og));
      // The preview picture of a cause draws its words in the page's language too.
      if (page.url.startsWith('/causes/')) expect(res.body).toMatch(new RegExp(`og:image" content="[^"]*&amp;lang=${locale}"`));
      for (const english of ['Together, we lift each other up', 'About this cause', 'Search causes', '>Home<'])
        expect(res.body, page.url).not.toContain(english);
    }
  });
});
