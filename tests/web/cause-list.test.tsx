import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mirrorCauses, setMirrorDb } from '../../src/web/features/causes/api/cause-mirror';
import { BoafoDb, getDb } from '../../src/web/features/offline/db';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause, pageOf } from './helpers/causes';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { renderRoute } from './helpers/render-route';

let n = 0;
let db: BoafoDb;
beforeEach(() => {
  db = new BoafoDb(`list-test-${++n}`);
  setMirrorDb(db);
});
afterEach(async () => {
  clearToasts();
  setMirrorDb(null);
  db.close();
  await getDb().cart.clear();
});

const CATEGORIES = [
  { id: 'cat-med', name: 'Medical' },
  { id: 'cat-edu', name: 'Education' },
];
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/causes/list/')).map((c) => new URL(c.url, 'http://x').searchParams);

/** Answers the list with `pages` (page number → causes, next set when a later page exists). */
function server(pages: Record<number, ReturnType<typeof makeCause>[]>) {
  return (call: RecordedCall) => {
    if (call.url.startsWith('/api/categories/')) return json(200, CATEGORIES);
    if (call.url.startsWith('/api/causes/list/')) {
      const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      return json(200, pageOf(pages[page] ?? [], pages[page + 1] ? `http://x/api/causes/list/?page=${page + 1}` : null));
    }
    return undefined;
  };
}

describe('/causelistpage', () => {
  it('pages with Previous/Next, keeps the page in the URL, and disables Next when next is null', async () => {
    const { router, calls } = await renderRoute(
      '/causelistpage',
      server({ 1: [makeCause('1'), makeCause('2'), makeCause('3')], 2: [makeCause('4')] }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Causes' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Cause 1' });
    expect(screen.getByRole('link', { name: 'Cause 1' }).getAttribute('href')).toBe('/causes/1');

    // Two columns split at half: 2 + 1.
    const columns = document.querySelectorAll('.cause-grid__column');
    expect(columns).toHaveLength(2);
    expect(columns[0].querySelectorAll('.cause-card')).toHaveLength(2);
    expect(columns[1].querySelectorAll('.cause-card')).toHaveLength(1);

    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    await act(async () => fireEvent.click(next));
    await screen.findByRole('link', { name: 'Cause 4' });
    expect(router.state.location.search).toMatchObject({ page: 2 });
    expect(listCalls(calls).at(-1)!.get('page')).toBe('2');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    // No sample cards when the server answered.
    expect(screen.queryByText(/sample causes/)).toBeNull();
  });

  it('search (debounced), sort and category go to the server and into the URL', async () => {
    const { router, calls } = await renderRoute('/causelistpage?page=2', server({ 1: [makeCause('1')], 2: [makeCause('2')] }));
    await screen.findByRole('link', { name: 'Cause 2' });

    fireEvent.change(screen.getByLabelText('Search causes'), { target: { value: 'water' } });
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('search')).toBe('water'));
    // A new search starts at page 1.
    expect(listCalls(calls).at(-1)!.get('page')).toBe('1');
    expect(router.state.location.search).toEqual({ q: 'water' });

    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.textContent)).toEqual(['Date created', 'Popularity', 'Created by', 'Category', 'Goal amount']);
    await act(async () => fireEvent.change(sort, { target: { value: 'goal_amount' } }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('ordering')).toBe('goal_amount'));

    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() => expect(category.options).toHaveLength(3));
    await act(async () => fireEvent.change(category, { target: { value: 'cat-edu' } }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('category')).toBe('cat-edu'));
    expect(router.state.location.search).toEqual({ q: 'water', sort: 'goal_amount', category: 'cat-edu' });
  });

  it('shows the 8 sample cards only when nothing is saved and the server is unreachable', async () => {
    await renderRoute('/causelistpage', () => undefined);
    await screen.findByText(/These are sample causes/);
    expect(document.querySelectorAll('.cause-card--sample')).toHaveLength(8);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('with saved causes and no server, lists the saved ones with the offline notice', async () => {
    await mirrorCauses([makeCause('s1', { name: 'Saved one', title: 'Saved one' })]);
    await renderRoute('/causelistpage', () => undefined);
    await screen.findByRole('link', { name: 'Saved one' });
    expect(screen.getByText('offline — showing saved causes').getAttribute('role')).toBe('status');
    expect(document.querySelectorAll('.cause-card--sample')).toHaveLength(0);
  });

  it('Add to cart stores 10 GHS × 1, toasts, and the cart badge counts it', async () => {
    await renderRoute('/causelistpage', server({ 1: [makeCause('c1')] }));
    const card = (await screen.findByRole('link', { name: 'Cause c1' })).closest('article')!;
    await act(async () => fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Add to cart' })));
    await waitFor(() => expect(toastState.toasts.map((t) => t.message)).toContain('Added to cart'));
    expect(await getDb().cart.get('c1')).toMatchObject({ donation_amount: '10.00', quantity: 1 });
    await waitFor(() => expect(screen.getByRole('link', { name: /^Cart, 1 item$/ })).toBeTruthy());
  });

  it('offers no Add to cart for a cause that no longer takes donations (the server would refuse the line)', async () => {
    const done = makeCause('c2', { status: 'completed', accepts_donations: false, current_amount: '1000.00' });
    await renderRoute('/causelistpage', server({ 1: [makeCause('c1'), done] }));
    const card = (await screen.findByRole('link', { name: 'Cause c2' })).closest('article') as HTMLElement;
    expect(within(card).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(within(card).getByText('No longer taking donations')).toBeTruthy();
    const open = (await screen.findByRole('link', { name: 'Cause c1' })).closest('article') as HTMLElement;
    expect(within(open).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });
});
