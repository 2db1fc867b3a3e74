/**
 * First-load pages for the links people share (a cause on WhatsApp, the cause list): the app's
 * index.html with, already inside it,
 * - the API answers the app's first screen will ask for (`#boot-answers`, read by
 *   src/web/lib/boot-answers.ts), so a phone does not wait for a second round trip;
 * - a static snapshot of that screen in #root (snapshots.ts), painted before any JavaScript runs;
 * - the route's stylesheets, and for a cause its title, description and Open Graph image, so a
 *   link preview shows the cause rather than "Boafo".
 * All in the reader's language (landing-shell.ts gives index.html in it; the words are the app's catalog ids).
 * Any other path, or a read that does not answer 200, gets the plain index.html (in the reader's language).
 */
import { siteOrigin } from '../lib/site-origin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Cause } from '../../shared/contract/causes';
import type { Paginated } from '../../shared/contract/common';
import type { Locale } from '../../shared/i18n/locales';
import { formatGhs } from '../../shared/money';
import { causeProgress } from '../../shared/cause-progress';
import { translator } from '../lib/i18n';
import { CATEGORIES_PATH, causeDetailsPath, FIRST_CAUSE_LIST_PATH } from '../../shared/cause-paths';
import { OG_HEIGHT, OG_WIDTH, ogCardPath } from '../lib/og-card';
import type { RouteStyles } from './route-styles';
import { escapeHtml } from './html';
import { OG_LOCALES, type ShellPage } from './landing-shell';
import { siteHeaderHtml } from './site-header';
import { causeDetailSnapshot, causeListSnapshot } from './snapshots';
import { savesData } from '../lib/save-data';
import { PAINTED_CAUSE_PAGE, PAINTED_LIST_PAGE } from '../../shared/painted-pages';

const DESCRIPTION_LENGTH = 200;
/** What siteOrigin reads from a request (the X-Forwarded ones only with TRUST_PROXY). */
const ORIGIN_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const;

interface Screen {
  /** API path → body, as the app will request them. */
  answers: Record<string, unknown>;
  snapshot: { main: string; className: string };
  routeSource: string;
  title: string;
  description: string;
  image: string | null;
  /** Known only for the cause card, which is always drawn at this size. */
  imageSize?: { width: number; height: number };
}

/** `<`, U+2028/9 escaped: JSON inside <script> must not close the element or break old parsers. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_LENGTH ? `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : flat;
}

export type FirstLoadPage = (request: FastifyRequest, locale: Locale) => Promise<string | null>;

/** `shell` gives index.html in a language (landing-shell.ts). */
export function createFirstLoadPages(app: FastifyInstance, shell: ShellPage, routeStyles: RouteStyles): FirstLoadPage {
  /**
   * The body of a public GET, as this guest would get it; null unless it answers 200. Asked at the
   * same address (Host, and a trusted proxy's X-Forwarded-*), so the absolute links in the answer
   * (the `image` fields, next/previous) name the origin the app will fetch from later.
   */
  async function read<T>(request: FastifyRequest, url: string): Promise<T | null> {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of ORIGIN_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await app.inject({ method: 'GET', url, headers });
    return response.statusCode === 200 ? (response.json() as T) : null;
  }

  async function screenFor(request: FastifyRequest, pathname: string, locale: Locale): Promise<Screen | null> {
    const t = translator(locale);
    const causeId = PAINTED_CAUSE_PAGE.exec(pathname)?.[1];
    if (causeId) {
      const path = causeDetailsPath(causeId.toLowerCase());
      const cause = await read<Cause>(request, path);
      if (!cause) return null;
      const progress = causeProgress(cause.target_amount, cause.current_amount);
      return {
        answers: { [path]: cause },
        snapshot: causeDetailSnapshot(cause, locale, savesData(request.headers)),
        routeSource: 'src/web/routes/causes/$id.tsx',
        title: cause.title || cause.name,
        // The money in the reader's language; the organizer's story as written.
        description: shorten(
          t('causes.share.description', {
            raised: formatGhs(progress.collected),
            goal: formatGhs(progress.goal),
            story: cause.description ?? '',
          }),
        ),
        // The drawn card (title and progress), not the bare cover: a preview then says what the link asks for.
        // Previews are cached by URL: the amount in it makes a share after new gifts fetch a fresh card.
        // In the page's language: the card's words are drawn into the picture.
        image: `${ogCardPath(cause.id)}?v=${encodeURIComponent(cause.current_amount)}${locale === 'en' ? '' : `&lang=${locale}`}`,
        imageSize: { width: OG_WIDTH, height: OG_HEIGHT },
      };
    }
    if (PAINTED_LIST_PAGE.test(pathname)) {
      const [page, categories] = await Promise.all([
        read<Paginated<Cause>>(request, FIRST_CAUSE_LIST_PATH),
        read<unknown>(request, CATEGORIES_PATH),
      ]);
      if (!page || !Array.isArray(page.results)) return null;
      return {
        answers: { [FIRST_CAUSE_LIST_PATH]: page, ...(categories ? { [CATEGORIES_PATH]: categories } : {}) },
        snapshot: causeListSnapshot(page, locale, savesData(request.headers)),
        routeSource: 'src/web/routes/causelistpage.tsx',
        title: t('causes.list.title'),
        description: t('causes.list.metaDescription'),
        image: page.results.find((c) => c.cover_image)?.cover_image ?? null,
      };
    }
    return null;
  }

  return async (request, locale) => {
    // A search, sort or page in the URL is a screen the snapshot does not draw: let the app do it.
    const [pathname, query] = request.url.split('?', 2);
    if (query || !pathname) return null;
    const screen = await screenFor(request, pathname, locale).catch((error: unknown) => {
      request.log.warn({ err: error }, 'first-load page fell back to the plain app shell');
      return null;
    });
    if (!screen) return null;

    const origin = siteOrigin(app, request);
    const title = `${escapeHtml(screen.title)} · Boafo`;
    const image = screen.image ? escapeHtml(new URL(screen.image, origin).href) : null;
    const description = escapeHtml(screen.description);
    const meta = [
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="Boafo">`,
      `<meta property="og:title" content="${escapeHtml(screen.title)}">`,
      `<meta property="og:description" content="${description}">`,
      `<meta property="og:url" content="${escapeHtml(origin + pathname)}">`,
      `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
      ...(image ? [`<meta property="og:image" content="${image}">`] : []),
      ...(image && screen.imageSize
        ? [
            `<meta property="og:image:width" content="${screen.imageSize.width}">`,
            `<meta property="og:image:height" content="${screen.imageSize.height}">`,
          ]
        : []),
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
      ...(image ? [`<meta name="twitter:image" content="${image}">`] : []),
      ...routeStyles(screen.routeSource).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
      `<script type="application/json" id="boot-answers">${scriptJson(screen.answers)}</script>`,
    ].join('\n    ');
    const header = siteHeaderHtml(translator(locale), locale, pathname);
    const page = `<div class="boot-page">${header}<main id="main" class="${screen.snapshot.className}">${screen.snapshot.main}</main></div>`;

    return shell(locale, pathname)
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${description}" />`)
      .replace('</head>', `    ${meta}\n  </head>`)
      .replace(/<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/, (_match, noscript: string) => `<div id="root">${page}</div>${noscript}`);
  };
}
