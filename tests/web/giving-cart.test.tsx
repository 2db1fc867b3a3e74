import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, type CartLine } from '../../src/web/features/cart/local-cart';
import { checkoutTarget } from '../../src/web/features/cart/lib/checkout';
import { cartSyncSettled } from '../../src/web/features/cart/cart-sync';
import { getDb } from '../../src/web/features/offline/db';
import { getOutbox } from '../../src/web/features/offline/start-offline';
import { logout } from '../../src/web/lib/logout';
import { STORAGE_KEYS } from '../../src/web/lib/storage-keys';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json } from './helpers/fake-fetch';
import { createCartServer, resetGivingState, setOnline, stubGlobalFetch } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const GUEST_CART = '22222222-2222-4222-8222-222222222222';
const USER_CART = '33333333-3333-4333-8333-333333333333';

function line(id: string, title: string, over: Partial<CartLine> = {}): CartLine {
  return {
    id, cause_id: id, title, category: 'Medical', image: null, donation_amount: '10.00', quantity: 1,
    accepts_donations: true, added_at: 1, updated_at: 1, ...over,
  };
}

async function seedCart(lines: CartLine[]) {
  await getDb().cart.bulkPut(lines.map((l, i) => ({ ...l, added_at: i + 1 })));
}

const outboxRows = async () =>
  (await getDb().outbox.orderBy('seq').toArray()).map((e) => [e.method, e.url, e.body]);

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
});

afterEach(async () => {
  clearToasts();
  signOut();
  setOnline(true, true);
  await resetGivingState();
});

const quietApi = () => json(404, { detail: 'Not found.', code: 'not_found' });

describe('/cartpage quantities and the outbox', () => {
  it('plus adds 1, minus subtracts 1 and removes the line at 0; each edit queues its call with the cart id', async () => {
    setOnline(false); // keep every entry in the outbox to look at
    localStorage.setItem(STORAGE_KEYS.cartId, GUEST_CART);
    await seedCart([line('c1', 'Surgery for Kwame', { donation_amount: '15.50', quantity: 1 })]);
    await renderRoute('/cartpage', quietApi);

    const row = (await screen.findByRole('link', { name: 'Surgery for Kwame' })).closest('li')!;
    expect(within(row).getByLabelText('Line total for Surgery for Kwame').textContent).toBe('GH₵15.50');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Surgery for Kwame' })));
    await waitFor(() => expect(within(row).getByText('2')).toBeTruthy());
    expect(within(row).getByLabelText('Line total for Surgery for Kwame').textContent).toBe('GH₵31.00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Surgery for Kwame' })));
    await waitFor(() => expect(within(row).getByText('3')).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Surgery for Kwame' })));
    await waitFor(() => expect(within(row).getByText('2')).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Surgery for Kwame' })));
    await waitFor(() => expect(within(row).getByText('1')).toBeTruthy());
    // Unsynced cart edits are visible.
    expect(screen.getByText('Saved on this device')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Surgery for Kwame' })));
    expect(await screen.findByText('No items in your cart.')).toBeTruthy();
    expect(await getDb().cart.count()).toBe(0);

    await waitFor(async () =>
      expect(await outboxRows()).toEqual([
        ['PATCH', '/api/cart/update/c1/', { cart_id: GUEST_CART, quantity: 2 }],
        ['PATCH', '/api/cart/update/c1/', { cart_id: GUEST_CART, quantity: 3 }],
        ['PATCH', '/api/cart/update/c1/', { cart_id: GUEST_CART, quantity: 2 }],
        ['PATCH', '/api/cart/update/c1/', { cart_id: GUEST_CART, quantity: 1 }],
        ['DELETE', '/api/cart/remove/c1/', { cart_id: GUEST_CART }],
      ]),
    );
  });

  it('add queues POST /api/cart/add/ with a cart id made on the device, and adding again adds to the quantity', async () => {
    setOnline(false);
    expect(localStorage.getItem(STORAGE_KEYS.cartId)).toBeNull();
    await addToCart({ id: 'c1', title: 'Water for Tamale', category: 'Water' }, '10.00', 1);
    const cartId = localStorage.getItem(STORAGE_KEYS.cartId);
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/);
    await addToCart({ id: 'c1', title: 'Water for Tamale', category: 'Water' }, '10.00', 1);
    expect(await getDb().cart.get('c1')).toMatchObject({ quantity: 2, donation_amount: '10.00' });
    expect(await outboxRows()).toEqual([
      ['POST', '/api/cart/add/', { cart_id: cartId, cause_id: 'c1', donation_amount: '10.00', quantity: 1 }],
      ['POST', '/api/cart/add/', { cart_id: cartId, cause_id: 'c1', donation_amount: '10.00', quantity: 1 }],
    ]);
  });

  it('the Remove button queues DELETE /api/cart/remove/{cause}/', async () => {
    setOnline(false);
    localStorage.setItem(STORAGE_KEYS.cartId, GUEST_CART);
    await seedCart([line('c1', 'Books for Wa', { quantity: 4 })]);
    await renderRoute('/cartpage', quietApi);
    const remove = await screen.findByRole('button', { name: 'Remove Books for Wa' });
    await act(async () => fireEvent.click(remove));
    expect(await screen.findByText('No items in your cart.')).toBeTruthy();
    expect(await outboxRows()).toEqual([['DELETE', '/api/cart/remove/c1/', { cart_id: GUEST_CART }]]);
  });
});

describe('/cartpage search, filter and checkout', () => {
  const lines = [
    line('c1', 'Surgery for Kwame', { donation_amount: '10.00', quantity: 2 }),
    line('c2', 'Books for Wa', { category: 'Education', donation_amount: '5.25', quantity: 1 }),
    line('c3', 'Borehole in Bolga', { category: 'Water', donation_amount: '40.00', quantity: 1 }),
  ];

  it('search matches name or id; the category filter narrows the list', async () => {
    setOnline(false);
    await seedCart(lines);
    await renderRoute('/cartpage', quietApi);
    await screen.findByRole('link', { name: 'Books for Wa' });
    const search = screen.getByLabelText('Search in cart');
    expect(search.getAttribute('placeholder')).toBe('Search in cart');

    fireEvent.change(search, { target: { value: 'BOREHOLE' } });
    expect(screen.queryByRole('link', { name: 'Books for Wa' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Borehole in Bolga' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'c2' } });
    expect(screen.getByRole('link', { name: 'Books for Wa' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Borehole in Bolga' })).toBeNull();

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Water' } });
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.cart-row__title')?.textContent).filter(Boolean)).toEqual(['Borehole in Bolga']);
  });

  it('Checkout: none ticked warns, one goes to /donation with its line total, several to /multidonation', async () => {
    setOnline(false);
    await seedCart(lines);
    const { router } = await renderRoute('/cartpage', quietApi);
    await screen.findByRole('link', { name: 'Books for Wa' });

    fireEvent.click(screen.getByRole('button', { name: /^Checkout/ }));
    expect(toasts()).toEqual(['warning:Select at least one item to proceed']);
    expect(router.state.location.pathname).toBe('/cartpage');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Surgery for Kwame' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Checkout' }).textContent).toContain('GH₵20.00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Checkout/ })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donation'));
    expect(router.state.location.search).toEqual({ causeId: 'c1', amount: '20.00' });

    cleanup();
    const second = await renderRoute('/cartpage', quietApi);
    await screen.findByRole('link', { name: 'Books for Wa' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Surgery for Kwame' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Borehole in Bolga' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Checkout' }).textContent).toContain('GH₵60.00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Checkout/ })));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/multidonation'));
    expect(second.router.state.location.search).toEqual({ causes: 'c1,c3' });
  });

  it('checkoutTarget: none / single with donation_amount × quantity / multi in cart order', () => {
    expect(checkoutTarget(lines, new Set())).toEqual({ kind: 'none' });
    expect(checkoutTarget(lines, new Set(['gone']))).toEqual({ kind: 'none' });
    expect(checkoutTarget(lines, new Set(['c1']))).toEqual({ kind: 'single', causeId: 'c1', amount: '20.00' });
    expect(checkoutTarget(lines, new Set(['c3', 'c2']))).toEqual({ kind: 'multi', causeIds: ['c2', 'c3'] });
  });
});

describe('cart sync with the server', () => {
  it('offline edits drain to the server when back online, then the local cart is replaced by the server cart', async () => {
    const server = createCartServer({ titles: { c1: 'Surgery for Kwame', c2: 'Books for Wa' } });
    stubGlobalFetch(server.handle);
    setOnline(false);
    await renderRoute('/cartpage', server.handle);
    await addToCart({ id: 'c1', title: 'Surgery for Kwame', category: 'Medical' });
    await addToCart({ id: 'c2', title: 'Books for Wa', category: 'Education' });
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Books for Wa' });
    await act(async () => fireEvent.click(plus));
    const cartId = localStorage.getItem(STORAGE_KEYS.cartId)!;
    expect(await screen.findByText('Saved on this device')).toBeTruthy();
    expect(server.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    // Something only the server knows (another tab added it): after the sync the device shows it too.
    server.seed(cartId, { cause_id: 'c9', title: 'Clinic in Ho', category: 'Medical', amount: '7.00', quantity: 1 });

    setOnline(true);
    await act(async () => {
      await getOutbox()!.flush();
    });
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0));
    // One entry per edit, each with its own Idempotency-Key (a resend would repeat the key, not the edit).
    const writes = [...new Map(server.calls.filter((c) => c.method !== 'GET').map((c) => [c.headers['idempotency-key'], c])).values()];
    expect(writes.map((c) => [c.method, new URL(c.url, 'http://x').pathname, (c.body as { cart_id: string }).cart_id])).toEqual([
      ['POST', '/api/cart/add/', cartId],
      ['POST', '/api/cart/add/', cartId],
      ['PATCH', '/api/cart/update/c2/', cartId],
    ]);
    expect(writes.every((c) => c.headers['idempotency-key'])).toBe(true);

    await screen.findByRole('link', { name: 'Clinic in Ho' });
    const local = (await getDb().cart.toArray()).map((l) => [l.id, l.quantity, l.donation_amount]).sort();
    const remote = server.answer(cartId).items.map((i) => [i.cause_id, i.quantity, i.donation_amount]).sort();
    expect(local).toEqual(remote);
    expect(local).toEqual([['c1', 1, '10.00'], ['c2', 2, '10.00'], ['c9', 1, '7.00']]);
    await waitFor(() => expect(screen.queryByText('Saved on this device')).toBeNull());
  });

  it('signing in: the next cart call carries the guest cart id, the server merges, and its cart id is stored', async () => {
    const server = createCartServer({ userCartId: USER_CART });
    server.seed(GUEST_CART, { cause_id: 'c1', title: 'Surgery for Kwame', category: 'Medical', amount: '10.00', quantity: 1 });
    server.seed(USER_CART, { cause_id: 'c2', title: 'Books for Wa', category: 'Education', amount: '5.00', quantity: 3 });
    stubGlobalFetch(server.handle);
    localStorage.setItem(STORAGE_KEYS.cartId, GUEST_CART);
    await seedCart([line('c1', 'Surgery for Kwame')]);
    await renderRoute('/cartpage', server.handle);
    await screen.findByRole('link', { name: 'Surgery for Kwame' });

    await act(async () => {
      signInAs();
    });
    await screen.findByRole('link', { name: 'Books for Wa' });
    const merge = server.calls.find((c) => c.method === 'GET' && c.headers.authorization);
    expect(merge?.url).toBe(`/api/cart/${GUEST_CART}/`);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.cartId)).toBe(USER_CART));
    expect((await getDb().cart.toArray()).map((l) => [l.id, l.quantity]).sort()).toEqual([['c1', 1], ['c2', 3]]);
  });

  it('an edit made while the server cart is being fetched is not overwritten by the stale answer', async () => {
    const server = createCartServer();
    localStorage.setItem(STORAGE_KEYS.cartId, GUEST_CART);
    server.seed(GUEST_CART, { cause_id: 'c1', title: 'Surgery for Kwame', category: 'Medical', amount: '10.00', quantity: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holdNext = true;
    const handler = async (call: Parameters<typeof server.handle>[0]): Promise<Response> => {
      if (call.method === 'GET' && holdNext) {
        holdNext = false;
        const answer = server.handle(call)!; // the cart as it is now
        await held;
        return answer;
      }
      return server.handle(call) ?? json(404, {});
    };
    stubGlobalFetch(handler);
    await seedCart([line('c1', 'Surgery for Kwame')]);
    await renderRoute('/cartpage', handler);
    await screen.findByRole('link', { name: 'Surgery for Kwame' });
    await waitFor(() => expect(holdNext).toBe(false)); // the refresh is in flight
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Surgery for Kwame' })));
    // The edit reaches the server and leaves the outbox while the old read is still on its way.
    await waitFor(() => expect(server.answer(GUEST_CART).items[0].quantity).toBe(2));
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0));
    // Now the stale answer (quantity 1) lands: it must not undo the edit, not even for a moment.
    const seen: number[] = [];
    const watch = liveQuery(() => getDb().cart.get('c1')).subscribe((row) => seen.push((row as CartLine | undefined)?.quantity ?? 0));
    await act(async () => release());
    await cartSyncSettled();
    watch.unsubscribe();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((q) => q !== 2)).toEqual([]);
    await waitFor(async () => expect((await getDb().cart.get('c1'))?.quantity).toBe(2));
    expect(screen.getByLabelText('Line total for Surgery for Kwame').textContent).toBe('GH₵20.00');
  });

  it('logout clears the cart id and the local cart', async () => {
    setOnline(false);
    signInAs();
    localStorage.setItem(STORAGE_KEYS.cartId, USER_CART);
    await seedCart([line('c1', 'Surgery for Kwame')]);
    await renderRoute('/cartpage', quietApi);
    await screen.findByRole('link', { name: 'Surgery for Kwame' });
    await act(async () => logout());
    expect(await screen.findByText('No items in your cart.')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.cartId)).toBeNull();
    expect(await getDb().cart.count()).toBe(0);
  });
});
