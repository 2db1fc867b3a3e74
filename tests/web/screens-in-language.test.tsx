/**
 * The donor's screens speak the chosen language: after the picker chose Twi, the cause list and a cause read in
 * Twi with no message id left showing, a count reads with its plural, dates follow the language, and the header
 * is the very markup the server paints into its pages (src/server/pages/site-header.ts), so nothing moves when
 * the app takes over a painted page.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/dates';
import { translator } from '../../src/server/lib/i18n';
import { siteHeaderHtml } from '../../src/server/pages/site-header';
import { chooseLocale } from '../../src/web/lib/i18n';
import { makeCause, pageOf } from './helpers/causes';
import { json } from './helpers/fake-fetch';
import { renderRoute } from './helpers/render-route';

/** Text and attribute values a reader (or a screen reader) meets, to look for ids like `causes.list.title`. */
function everythingRead(): string {
  const attributes = [...document.body.querySelectorAll('*')].flatMap((el) =>
    ['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext'].map((name) => el.getAttribute(name) ?? ''),
  );
  return [document.body.textContent ?? '', document.title, ...attributes].join('\n');
}
const RAW_ID = /\b(common|shell|causes|cart|landing|donation|payment|history|receipts|favorites|content|updates|pwa|offline)\.[a-z][\w.]*/;

const twi = translator('ak');
const causes = [makeCause('one', { created_at: '2026-03-05T10:00:00.000Z' }), makeCause('two')];
const api =
  (list = causes) =>
  (call: { url: string }) => {
    if (call.url.startsWith('/api/categories/')) return json(200, []);
    if (call.url.startsWith('/api/causes/list/')) return json(200, pageOf(list));
    if (call.url.startsWith('/api/causes/details/one/')) return json(200, causes[0]);
    return json(200, pageOf([]));
  };

describe('the donor screens in Twi', () => {
  it('count causes with the right plural in English, the default', async () => {
    await renderRoute('/causelistpage', api(causes.slice(0, 1)));
    expect(await screen.findByRole('heading', { level: 2, name: '1 cause' })).toBeTruthy();
    document.body.innerHTML = '';
    await renderRoute('/causelistpage', api());
    expect(await screen.findByRole('heading', { level: 2, name: '2 causes' })).toBeTruthy();
  });

  it('draw the cause list and a cause in Twi, with no id showing and the header the server paints', async () => {
    await chooseLocale('ak');
    expect(document.documentElement.lang).toBe('ak');

    await renderRoute('/causelistpage', api());
    expect(await screen.findByRole('heading', { level: 1, name: twi('causes.list.title') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: twi('common.causeCount', { count: 2 }) })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: twi('causes.list.searchLabel') })).toBeTruthy();
    expect(everythingRead()).not.toMatch(RAW_ID);
    const header = document.querySelector('header.site-header')!.outerHTML;
    expect(header).toBe(siteHeaderHtml(twi, 'ak', '/causelistpage').replace(' selected', ''));

    document.body.innerHTML = '';
    await renderRoute('/causes/one', api());
    expect(await screen.findByRole('heading', { level: 2, name: twi('causes.detail.about') })).toBeTruthy();
    expect(screen.getByRole('button', { name: twi('causes.donate') })).toBeTruthy();
    expect(screen.getByText(formatDate('2026-03-05T10:00:00.000Z', 'ak'))).toBeTruthy();
    expect(everythingRead()).not.toMatch(RAW_ID);
    expect(document.body.textContent).not.toContain('About this cause');
  });
});
