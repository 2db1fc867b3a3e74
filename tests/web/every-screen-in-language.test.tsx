/**
 * Every screen in every language: each route of the app's route tree is drawn in Twi, Ewe, Hausa and Ga (an
 * admin signed in, so organizer and admin screens draw too, with a fake API that answers them all), and what a
 * reader meets (the text, the page title, accessible names, placeholders, alt texts) is searched for English left
 * over: a text equal to an English catalog message whose translation differs, or a raw message id (`area.key`).
 * Proper names, amounts, dates and what organizers and donors wrote (the fake data) stay as they are.
 */
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { messages as english } from '../../src/shared/i18n/compiled/web/locale-en';
import type { Locale } from '../../src/shared/i18n/locales';
import { routeTree } from '../../src/web/route-tree.gen';
import { chooseLocale, t } from '../../src/web/lib/i18n';
import { loadCatalog } from '../../src/web/lib/catalog-loaders';
import { confirmIdentity, settleStepUp } from '../../src/web/lib/step-up';
import { everyRouteApi, WRITTEN } from './helpers/every-route-api';
import { json } from './helpers/fake-fetch';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

// jsdom has no canvas or matchMedia for uPlot: the admin dashboard's lazy chart is a plain svg here (it shows no words).
vi.mock('../../src/web/features/admin/components/metrics-line-chart', () => ({ default: () => <svg data-testid="metrics-chart" /> }));

type Compiled = string | (string | unknown[])[];

/** Where each route is opened: its parameters filled, and the query some screens need (a token, a reference). */
const OPEN: Record<string, string> = {
  '/causes/$id': '/causes/c1',
  '/causes/$id/withdrawals': '/causes/c1/withdrawals',
  '/blog/$slug': '/blog/clean-water',
  '/payment-status': '/payment-status?reference=BOAFO-REF-1',
  '/reset-password': '/reset-password?token=reset-token',
  '/payout-undo': '/payout-undo?token=undo-token',
  '/newsletter-confirm': '/newsletter-confirm?token=confirm-token',
  '/unsubscribe': '/unsubscribe?token=unsubscribe-token',
  '/causedetailpage': '/causedetailpage?id=c1',
};

/** Every route of the app, from the router's own tree: a new screen is checked without being listed here. */
function everyRoute(): string[] {
  const router = createRouter({ routeTree, history: createMemoryHistory() });
  return Object.keys(router.routesByPath)
    .filter((path) => path !== '__root__')
    .sort();
}

const flat = (compiled: Compiled): string | null =>
  typeof compiled === 'string' ? compiled : compiled.every((token) => typeof token === 'string') ? compiled.join('') : null;

/** The English of every message the language says differently: exact texts, and sentences with values as patterns. */
function englishLeftOvers(translated: Record<string, Compiled>) {
  const exact = new Map<string, string>();
  const patterns: { id: string; regex: RegExp }[] = [];
  for (const [id, compiled] of Object.entries(english as Record<string, Compiled>)) {
    if (JSON.stringify(compiled) === JSON.stringify(translated[id])) continue;
    const text = flat(compiled);
    if (text !== null) {
      if (text.trim()) exact.set(text.trim(), id);
      continue;
    }
    const tokens = compiled as (string | unknown[])[];
    if (tokens.some((token) => Array.isArray(token) && token.length > 1)) continue;
    const literal = tokens.filter((token): token is string => typeof token === 'string');
    // A pattern of a few letters ("{count}%") would match names and numbers: only sentences are read back.
    if (literal.join('').replace(/[^A-Za-z]/g, '').length < 12) continue;
    const source = tokens.map((token) => (typeof token === 'string' ? token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '.+?')).join('');
    patterns.push({ id, regex: new RegExp(`^${source.trim()}$`) });
  }
  return { exact, patterns };
}

const WEB_AREAS = [...new Set(Object.keys(english).map((id) => id.split('.')[0]))];
const RAW_ID = new RegExp(`\\b(${WEB_AREAS.join('|')})\\.[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)*\\b`);

/** What a reader meets on the page: each text on its own, each element's whole text, and the names of things. */
function readings(): string[] {
  const found = new Set<string>([document.title]);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) found.add(node.textContent ?? '');
  for (const el of document.body.querySelectorAll('*')) {
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') continue;
    found.add(el.textContent ?? '');
    for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext', 'aria-roledescription']) {
      const value = el.getAttribute(name);
      if (value) found.add(value);
    }
    if (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'button')) found.add(el.value);
  }
  return [...found].map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text && !WRITTEN.has(text));
}

/** Waits for the screen's answers and lazy parts (a few rounds of timers). */
async function settle(): Promise<void> {
  for (let round = 0; round < 6; round++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const LANGUAGES: Locale[] = ['ak', 'ee', 'ha', 'gaa'];

/** Signs the admin in and shows `locale`; answers what is left over in English on the page at `where`. */
async function inLanguage(locale: Locale) {
  // Each test starts with the storage cleared (tests/web/setup.ts): sign in again.
  signInAs({ role: 'admin', name: 'Ama Mensah' });
  await chooseLocale(locale);
  const { exact, patterns } = englishLeftOvers((await loadCatalog(locale)).messages as Record<string, Compiled>);
  const problems: string[] = [];
  return {
    problems,
    check(where: string) {
      // The screen itself, not the error screen a broken fake answer would bring (its words are translated too).
      if (document.body.textContent!.includes(t('shell.error.screenTitle'))) problems.push(`${where}: the error screen`);
      for (const text of readings()) {
        const id = exact.get(text) ?? patterns.find((p) => p.regex.test(text))?.id;
        if (id) problems.push(`${where}: English "${text}" (${id})`);
        const raw = RAW_ID.exec(text);
        if (raw) problems.push(`${where}: message id ${raw[0]}`);
      }
    },
  };
}

describe('every screen in every language', () => {
  afterAll(() => signOut());

  it.each(LANGUAGES)('draws every route in %s with no English left over and no message id showing', async (locale) => {
    const { problems, check } = await inLanguage(locale);
    const routes = everyRoute();
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      await renderRoute(OPEN[route] ?? route, everyRouteApi);
      await settle();
      check(route);
      cleanup();
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it.each(LANGUAGES)('draws the steps no route opens by itself in %s: the second sign-in step and both step-up dialogs', async (locale) => {
    const { problems, check } = await inLanguage(locale);
    for (const kind of ['step_up_required', 'two_step_required'] as const) {
      await renderRoute('/withdrawals', everyRouteApi);
      await settle();
      act(() => void confirmIdentity(kind, ''));
      // The dialog's code loads the first time it is asked for.
      await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
      await settle();
      check(`the ${kind} dialog`);
      act(() => settleStepUp(false));
      cleanup();
    }
    signOut();
    await renderRoute('/sign-in', (call) =>
      call.url === '/api/user/auth/login/' ? json(200, { two_step_required: true, challenge: 'challenge-1' }) : everyRouteApi(call),
    );
    fireEvent.change(document.querySelector('input[type="email"]')!, { target: { value: 'ama@example.com' } });
    fireEvent.change(document.querySelector('input[type="password"]')!, { target: { value: 'a-good-password' } });
    await act(async () => fireEvent.submit(document.querySelector('form')!));
    await waitFor(() => expect(document.querySelector('input[autocomplete="one-time-code"]')).not.toBeNull());
    check('the second sign-in step');
    expect([...new Set(problems)]).toEqual([]);
  });
});
