/**
 * index.html in the reader's language: the page every app URL gets, and for `/` the landing hero a visitor
 * reads before the app's JavaScript arrives. The hero and services are index.html's own markup with their words
 * swapped for the catalog's (the same ids the landing page draws them with, src/web/features/landing), the header
 * is the app's (site-header.ts), and `<html lang>`, the description and the Open Graph tags follow the language.
 */
import { LOCALES, type Locale } from '../../shared/i18n/locales';
import type { WebMessageId } from '../../shared/i18n/message-ids.gen';
import { formatGhs } from '../../shared/money';
import { translator, type MessageValues, type Translate } from '../lib/i18n';
import { escapeHtml } from './html';
import { siteHeaderHtml } from './site-header';

/** The words of index.html's static hero and services, in the order they appear. */
const HERO: Array<[WebMessageId, MessageValues?]> = [
  ['landing.hero.eyebrow'],
  ['landing.hero.title'],
  ['landing.hero.lead', { amount: formatGhs(100) }],
  ['landing.hero.request'],
  ['landing.hero.donate'],
  ['landing.services.title'],
  ['landing.services.create.title'],
  ['landing.services.create.text'],
  ['landing.services.donate.title'],
  ['landing.services.donate.text'],
  ['landing.services.feedback.title'],
  ['landing.services.feedback.text'],
];

/** Open Graph's locale names (language_TERRITORY). */
export const OG_LOCALES: Record<Locale, string> = { en: 'en_GH', ak: 'ak_GH', ee: 'ee_GH', ha: 'ha_GH', gaa: 'gaa_GH' };

/** `text` (HTML) as a pattern that allows any run of whitespace where it has one: index.html is wrapped by its formatter. */
function loosely(html: string): RegExp {
  return new RegExp(
    html
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );
}

/** index.html's static hero and services (`<div class="boot-shell">…</main>`) with the words of `t`. */
function localizeHero(html: string, t: Translate): string {
  const english = translator('en');
  return html.replace(/(<div class="boot-shell">[\s\S]*?<\/header>)([\s\S]*?<\/main>)/, (_all, head: string, main: string) => {
    let words = main;
    for (const [id, values] of HERO) words = words.replace(loosely(escapeHtml(english(id, values))), () => escapeHtml(t(id, values)));
    return head + words;
  });
}

/** index.html for `locale`; with `paintHeader`, its header is the app's (the landing page's, at `/`). */
export function localizeShell(indexHtml: string, locale: Locale, options: { paintHeader: boolean; pathname?: string }): string {
  const t = translator(locale);
  let html = indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(t('landing.meta.description'))}" />`,
    )
    .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(t('shell.noscript'))}</noscript>`);
  if (options.paintHeader) {
    // A shared link to the landing page previews in the reader's language.
    const og = [
      '<meta property="og:type" content="website">',
      '<meta property="og:site_name" content="Boafo">',
      '<meta property="og:title" content="Boafo">',
      `<meta property="og:description" content="${escapeHtml(t('landing.meta.description'))}">`,
      `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
    ].join('\n    ');
    html = html.replace('</head>', `    ${og}\n  </head>`);
    html = html.replace(/(<div class="boot-shell">[\s\S]*?)<header class="site-header">[\s\S]*?<\/header>/, (_all, open: string) => {
      return open + siteHeaderHtml(t, locale, options.pathname ?? '/');
    });
  }
  return localizeHero(html, t);
}

export type ShellPage = (locale: Locale, pathname: string) => string;

const LANDING_PATHS = ['/', '/landingpage'] as const;

/**
 * The shells, made once per language: `/` and `/landingpage` (whose hero shows) with the app's header; every other
 * app URL, whose hero stays hidden, as index.html in that language (English: index.html exactly as built).
 */
export function createShellPages(indexHtml: string): ShellPage {
  const shells = new Map<string, string>();
  for (const locale of LOCALES) {
    for (const path of LANDING_PATHS)
      shells.set(`${locale} ${path}`, localizeShell(indexHtml, locale, { paintHeader: true, pathname: path }));
    shells.set(`${locale} *`, locale === 'en' ? indexHtml : localizeShell(indexHtml, locale, { paintHeader: false }));
  }
  return (locale, pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    return shells.get(`${locale} ${path}`) ?? shells.get(`${locale} *`)!;
  };
}
