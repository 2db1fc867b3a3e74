/**
 * A server-painted page waits for the visitor before the app starts, and what the visitor did on it
 * (focus, typing, a pressed button, a link into the app) survives React replacing it. Real React renders the app here.
 */
import { act } from '@testing-library/react';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awaitVisitor } from '../../src/web/lib/page-takeover';

const PAINTED =
  '<div class="boot-page"><main>' +
  '<a href="/causelistpage">← All causes</a>' +
  '<input id="cause-search" type="search">' +
  '<a class="button" href="/donation?causeId=c-1">Donate</a>' +
  '<button type="button" class="button">Add to Cart</button>' +
  '</main></div>';

let host: HTMLElement;
let reactRoot: Root | null = null;

beforeEach(() => {
  document.body.innerHTML = `<div id="root">${PAINTED}</div>`;
  host = document.getElementById('root')!;
});

afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = null;
  vi.useRealTimers();
});

/** The app's version of the same page: a controlled search field, Donate as a button, Add to Cart. */
function App({ onSearch, onDonate, onAdd }: { onSearch: (q: string) => void; onDonate: () => void; onAdd: () => void }) {
  const [q, setQ] = useState('');
  return (
    <main>
      <a href="/causelistpage">← All causes</a>
      <input
        id="cause-search"
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          onSearch(e.target.value);
        }}
      />
      <button type="button" onClick={onDonate}>
        Donate
      </button>
      <button type="button" onClick={onAdd}>
        Add to Cart
      </button>
    </main>
  );
}

function startApp(handlers = { onSearch: vi.fn(), onDonate: vi.fn(), onAdd: vi.fn() }) {
  reactRoot = createRoot(host);
  act(() => reactRoot!.render(<App {...handlers} />));
  return handlers;
}

/** MutationObserver callbacks run as microtasks after React's commit. */
const settle = () => act(async () => await Promise.resolve());

describe('page takeover', () => {
  it('waits for an interaction before starting the app', async () => {
    const takeover = awaitVisitor(host);
    let woken = false;
    void takeover.woken.then(() => (woken = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(woken).toBe(false);
    window.dispatchEvent(new Event('touchstart'));
    await takeover.woken;
    expect(woken).toBe(true);
  });

  it('wakes on a changed select that had no pointer or focus event first (the language picker)', async () => {
    const takeover = awaitVisitor(host);
    const select = document.createElement('select');
    select.append(new Option('English', 'en'), new Option('Twi', 'ak'));
    host.append(select);
    select.value = 'ak';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await takeover.woken;
  });

  it("types what was typed into the app's field through React, puts the focus back and presses the pressed button once", async () => {
    const takeover = awaitVisitor(host);
    const search = host.querySelector<HTMLInputElement>('#cause-search')!;
    search.value = 'school';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    const painted = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart')!;
    painted.click();
    expect(painted.getAttribute('aria-busy')).toBe('true');
    host.querySelector<HTMLAnchorElement>('a[href="/causelistpage"]')!.focus();

    takeover.handOver(host);
    const app = startApp();
    await settle();

    expect(app.onSearch).toHaveBeenCalledWith('school');
    expect(host.querySelector<HTMLInputElement>('#cause-search')!.value).toBe('school');
    expect(app.onAdd).toHaveBeenCalledTimes(1);
    expect(app.onDonate).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(host.querySelector('a[href="/causelistpage"]'));
    expect(host.querySelector('.boot-page')).toBeNull();
  });

  it('finds a focused link whose app version is a button by its words', async () => {
    const takeover = awaitVisitor(host);
    host.querySelector<HTMLAnchorElement>('a[href^="/donation"]')!.focus();
    takeover.handOver(host);
    const app = startApp();
    await settle();
    const donate = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Donate');
    expect(document.activeElement).toBe(donate);
    expect(app.onDonate).not.toHaveBeenCalled(); // focus only: nothing was pressed
  });

  it('presses a control that appears after the first commit, but not one that comes too late', async () => {
    vi.useFakeTimers();
    const takeover = awaitVisitor(host);
    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart')!.click();
    takeover.handOver(host);
    const late = vi.fn();
    host.replaceChildren(document.createElement('main')); // the first commit: a pending screen
    await vi.advanceTimersByTimeAsync(11_000);
    const button = document.createElement('button');
    button.textContent = 'Add to Cart';
    button.addEventListener('click', late);
    host.firstElementChild!.append(button);
    await vi.advanceTimersByTimeAsync(10);
    expect(late).not.toHaveBeenCalled();
  });

  it('holds a tapped link into the app for the app to open, and lets a link to another painted page go as a plain link', () => {
    const takeover = awaitVisitor(host);
    const donate = host.querySelector<HTMLAnchorElement>('a[href^="/donation"]')!;
    const tap = (link: HTMLAnchorElement, init: MouseEventInit = {}) =>
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));

    expect(tap(donate)).toBe(false); // held: no new document
    expect(donate.getAttribute('aria-busy')).toBe('true');
    expect(tap(host.querySelector<HTMLAnchorElement>('a[href="/causelistpage"]')!)).toBe(true); // painted: a plain link
    expect(tap(donate, { ctrlKey: true })).toBe(true); // a new tab stays the browser's
    const follow = vi.fn();
    expect(takeover.followLinks(follow)).toBe('/donation?causeId=c-1');

    // Tapped while the app gets ready: the app opens it the moment it is up.
    expect(tap(donate)).toBe(false);
    expect(follow).toHaveBeenCalledWith('/donation?causeId=c-1');
  });

  it('gives a held link back when the app cannot load, for the browser to follow', () => {
    const takeover = awaitVisitor(host);
    host.querySelector<HTMLAnchorElement>('a[href^="/donation"]')!.click();
    expect(takeover.heldLink()).toBe('/donation?causeId=c-1');
    expect(takeover.heldLink()).toBeNull();
  });

  it('does nothing on a click made after the app took over', async () => {
    const takeover = awaitVisitor(host);
    takeover.handOver(host);
    const app = startApp();
    await settle();
    expect(app.onAdd).not.toHaveBeenCalled();
    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart')!.click();
    expect(app.onAdd).toHaveBeenCalledTimes(1);
  });
});
