/**
 * The site header as React draws it for a guest (src/web/components/layout/site-header.tsx with the language
 * switcher of components/language-switcher.tsx), in the page's language, so a painted page's header is the one
 * the app puts there: same words, same picker, same links marked current.
 */
import { LOCALES, LOCALE_NAMES, type Locale } from '../../shared/i18n/locales';
import type { Translate } from '../lib/i18n';
import { escapeHtml } from './html';

const LOGO =
  '<svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#9c3d14"></rect>' +
  '<path d="M32 50 C18 41 12 33 12 25 a9.5 9.5 0 0 1 20-4.5 A9.5 9.5 0 0 1 52 25 c0 8-6 16-20 25z" fill="#fff4e0"></path>' +
  '<path d="M22 33 h8 l3-5 l4 9 l3-4 h4" fill="none" stroke="#9c3d14" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path></svg>';

/** A router link as TanStack's <Link> renders it: the current page's links say so (class, data-status, aria-current). */
function link(href: string, text: string, current: boolean, className = ''): string {
  const classes = [className, current ? 'active' : ''].filter(Boolean).join(' ');
  const state = current ? ' data-status="active" aria-current="page"' : '';
  return `<a${classes ? ` class="${classes}"` : ''} href="${href}"${state}>${text}</a>`;
}

/** The header's language picker with `locale` chosen (the app's select is controlled; a static page needs `selected`). */
function languageSwitcher(t: Translate, locale: Locale): string {
  const options = LOCALES.map(
    (code) => `<option value="${code}" lang="${code}"${code === locale ? ' selected' : ''}>${escapeHtml(LOCALE_NAMES[code])}</option>`,
  ).join('');
  return (
    '<div class="language-switcher site-header__language">' +
    `<label for="site-language">${escapeHtml(t('common.language.label'))}</label>` +
    `<select id="site-language">${options}</select><span class="visually-hidden" role="status"></span></div>`
  );
}

/** The guest's header on `pathname`. */
export function siteHeaderHtml(t: Translate, locale: Locale, pathname: string): string {
  const home = pathname === '/';
  const list = /^\/causelistpage(\/|$)/.test(pathname);
  const item = (html: string) => `<li>${html}</li>`;
  return (
    '<header class="site-header"><div class="container site-header__inner">' +
    link('/', `${LOGO}<span>Boafo</span>`, home, 'brand') +
    languageSwitcher(t, locale) +
    `<button type="button" class="nav-toggle" aria-expanded="false" aria-controls="site-nav">${escapeHtml(t('common.menu'))}</button>` +
    `<nav id="site-nav" aria-label="${escapeHtml(t('common.nav.label'))}" class="site-nav"><ul>` +
    item(link('/', escapeHtml(t('common.nav.home')), home)) +
    item(link('/causelistpage', escapeHtml(t('common.nav.services')), list)) +
    item(link('/signup', escapeHtml(t('common.nav.joinUs')), false)) +
    item(`<a href="#contact">${escapeHtml(t('common.nav.contact'))}</a>`) +
    item(link('/sign-in', escapeHtml(t('common.nav.logIn')), false)) +
    item(link('/causelistpage', escapeHtml(t('common.nav.donate')), list, 'button button--primary')) +
    '</ul></nav></div></header>'
  );
}
