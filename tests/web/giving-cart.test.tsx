// /cartpage against the real API server (tests/web/server): the route tree renders, edits go
// through the page's outbox and CartSync, and the server's answers are what the screen ends with.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkoutTarget } from '../../src/web/features/cart/lib/checkout';
import { cartSync } from '../../src/web/features/cart/cart-runtime';
import { readCartId } from '../../src/web/features/cart/cart-id';
import { addToCart, type CartLine } from '../../src/web/features/cart/local-cart';
import { getDb } from '../../src/web/features/offline/db';
import { getOutbox, startOffline } from '../../src/web/features/offline/start-offline';
import { refreshAccessToken } from '../../src/web/lib/api-client';
import { logout } from '../../src/web/lib/logout';
import { STORAGE_KEYS } from '../../src/web/lib/storage-keys';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { addOnServer, apiServer, newDonor, pathOnly, serverCart, serverFetch, signInPage, useApiServer } from './helpers/api-server';
import { resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const { causes } = apiServer();
const [kwame, books, borehole, clinic] = causes;
let net: ReturnType<typeof serverFetch>;

function line(cause: { id: string; title: string }, over: Partial<CartLine> = {}): CartLine {
  return {
    id: cause.id,
    cause_id: cause.id,
    title: cause.title,
    category: 'Medical',
    image: null,
    donation_amount: '10.00',
    quantity: 1,
    accepts_donations: true,
    added_at: 1,
    updated_at: 1,
    ...over,
  };
}

/** Lines already on the device (as a previous sync left them). */
async function seedCart(lines: CartLine[]) {
  await getDb().cart.bulkPut(lines.map((l, i) => ({ ...l, added_at: i + 1 })));
}

const outboxRows = async () => (await getDb().outbox.orderBy('seq').toArray()).map((e) => e.body);
const syncCalls = () => net.calls.filter((c) => pathOnly(c) === '/api/cart/sync/');

async function deviceCart(): Promise<[string, number, string][]> {
  const rows = (await getDb().cart.toArray()) as unknown as CartLine[];
  return rows.map((r) => [r.cause_id, r.quantity, r.donation_amount] as [string, number, string]).sort((a, b) => a[0].localeCompare(b[0]));
}

async function render(path: string) {
  startOffline({ refreshAccess: refreshAccessToken, fetch: net.fetch });
  return renderRoute(path, net.handler);
}

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
  useApiServer();
  net = serverFetch();
});

afterEach(async () => {
  await resetGivingState();
  clearToasts();
  signOut();
  setOnline(true, true);
});

describe('/cartpage quantities and the outbox', () => {
  it('plus and minus change the line at once; offline they wait as ONE change per line, the latest quantity; minus at 1 removes', async () => {
    setOnline(false, true);
    localStorage.setItem(STORAGE_KEYS.cartId, crypto.randomUUID());
    await seedCart([line(kwame, { donation_amount: '15.50', quantity: 1 })]);
    await render('/cartpage');

    const row = (await screen.findByRole('link', { name: kwame.title })).closest('li')!;
    expect(within(row).getByLabelText(`Line total for ${kwame.title}`).textContent).toBe('GH₵15.50');
    const plus = screen.getByRole('button', { name: `Increase quantity of ${kwame.title}` });
    const minus = screen.getByRole('button', { name: `Decrease quantity of ${kwame.title}` });

    await act(async () => fireEvent.click(plus));
    await waitFor(() => expect(within(row).getByText('2')).toBeTruthy());
    expect(within(row).getByLabelText(`Line total for ${kwame.title}`).textContent).toBe('GH₵31.00');
    await act(async () => fireEvent.click(plus));
    await waitFor(() => expect(within(row).getByText('3')).toBeTruthy());
    await act(async () => fireEvent.click(minus));
    await waitFor(() => expect(within(row).getByText('2')).toBeTruthy());
    expect(await outboxRows()).toEqual([{ cause_id: kwame.id, quantity: 2, donation_amount: '15.50' }]);
    expect(await screen.findByText('Saved on this device')).toBeTruthy();
    expect(screen.getByText(/1 change will sync when you are back online/)).toBeTruthy();

    await act(async () => fireEvent.click(minus));
    await waitFor(() => expect(within(row).getByText('1')).toBeTruthy());
    await act(async () => fireEvent.click(minus));
    expect(await screen.findByText('No items in your cart.')).toBeTruthy();
    expect(await getDb().cart.count()).toBe(0);
    // The line was on the server before: its removal is what waits.
    expect(await outboxRows()).toEqual([{ cause_id: kwame.id, quantity: 0 }]);
  });

  it('add makes a cart id on the device; adding again adds to the quantity; both wait as one change', async () => {
    setOnline(false, true);
    await render('/cartpage');
    expect(localStorage.getItem(STORAGE_KEYS.cartId)).toBeNull();
    await addToCart({ id: books.id, title: books.title, category: 'Education' }, '10.00', 1);
    const cartId = localStorage.getItem(STORAGE_KEYS.cartId);
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/);
    await addToCart({ id: books.id, title: books.title, category: 'Education' }, '10.00', 1);
    expect(await getDb().cart.get(books.id)).toMatchObject({ quantity: 2, donation_amount: '10.00' });
    const [entry] = await getDb().outbox.toArray();
    expect(await getDb().outbox.count()).toBe(1);
    expect(entry).toMatchObject({
      url: '/api/cart/sync/',
      body: { cause_id: books.id, quantity: 2 },
      batch: { base: { cart_id: cartId } },
    });
  });

  it('Remove on a line added offline cancels it: nothing waits, nothing is sent', async () => {
    setOnline(false, true);
    await render('/cartpage');
    await addToCart({ id: clinic.id, title: clinic.title }, '10.00', 3);
    const remove = await screen.findByRole('button', { name: `Remove ${clinic.title}` });
    await act(async () => fireEvent.click(remove));
    expect(await screen.findByText('No items in your cart.')).toBeTruthy();
    expect(await getDb().outbox.count()).toBe(0);
    await act(async () => setOnline(true));
    await cartSync().idle();
    expect(syncCalls()).toHaveLength(0);
  });

  it('a queue write that fails leaves the cart line as it was, queues nothing, and tells the donor', async () => {
    setOnline(false, true);
    localStorage.setItem(STORAGE_KEYS.cartId, crypto.randomUUID());
    await seedCart([line(kwame, { quantity: 2 })]);
    await render('/cartpage');
    const row = (await screen.findByRole('link', { name: kwame.title })).closest('li')!;
    // The device's storage refuses the queued change (quota, a browser bug): the edit must not half-happen.
    const failQueue = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    getDb().outbox.hook('creating', failQueue);
    try {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: `Increase quantity of ${kwame.title}` })));
      await waitFor(() =>
        expect(toasts()).toEqual(['error:Could not save this change on your device. Nothing was changed; please try again.']),
      );
    } finally {
      getDb().outbox.hook('creating').unsubscribe(failQueue);
    }
    expect((await getDb().cart.get(kwame.id))?.quantity).toBe(2);
    expect(within(row).getByText('2')).toBeTruthy();
    expect(await getDb().outbox.count()).toBe(0);
    await expect(addToCart({ id: books.id, title: books.title })).resolves.toMatchObject({ quantity: 1 }); // and the next edit works
  });
});

describe('/cartpage search, filter and checkout', () => {
  const lines = () => [
    line(kwame, { donation_amount: '10.00', quantity: 2 }),
    line(books, { category: 'Education', donation_amount: '5.25', quantity: 1 }),
    line(borehole, { category: 'Water', donation_amount: '40.00', quantity: 1 }),
  ];

  it('search matches name or id; the category filter narrows the list', async () => {
    setOnline(false, true);
    await seedCart(lines());
    await render('/cartpage');
    await screen.findByRole('link', { name: books.title });
    const search = screen.getByLabelText('Search in cart');
    expect(search.getAttribute('placeholder')).toBe('Search in cart');

    fireEvent.change(search, { target: { value: 'BOREHOLE' } });
    expect(screen.queryByRole('link', { name: books.title })).toBeNull();
    expect(screen.getByRole('link', { name: borehole.title })).toBeTruthy();
    fireEvent.change(search, { target: { value: books.id.slice(0, 13) } });
    expect(screen.getByRole('link', { name: books.title })).toBeTruthy();
    expect(screen.queryByRole('link', { name: borehole.title })).toBeNull();

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Water' } });
    expect(
      screen
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.cart-row__title')?.textContent)
        .filter(Boolean),
    ).toEqual([borehole.title]);
  });

  it('Checkout: none ticked warns, one goes to /donation with its line total, several to /multidonation', async () => {
    setOnline(false, true);
    await seedCart(lines());
    const { router } = await render('/cartpage');
    await screen.findByRole('link', { name: books.title });

    fireEvent.click(screen.getByRole('button', { name: /^Checkout/ }));
    expect(toasts()).toEqual(['warning:Select at least one item to proceed']);
    expect(router.state.location.pathname).toBe('/cartpage');

    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${kwame.title}` }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Checkout' }).textContent).toContain('GH₵20.00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Checkout/ })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donation'));
    expect(router.state.location.search).toEqual({ causeId: kwame.id, amount: '20.00' });

    cleanup();
    const second = await render('/cartpage');
    await screen.findByRole('link', { name: books.title });
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${kwame.title}` }));
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${borehole.title}` }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Checkout' }).textContent).toContain('GH₵60.00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Checkout/ })));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/multidonation'));
    expect(second.router.state.location.search).toEqual({ causes: `${kwame.id},${borehole.id}` });
  });

  it('checkoutTarget: none / single with donation_amount × quantity / multi in cart order', () => {
    const all = lines();
    expect(checkoutTarget(all, new Set())).toEqual({ kind: 'none' });
    expect(checkoutTarget(all, new Set(['gone']))).toEqual({ kind: 'none' });
    expect(checkoutTarget(all, new Set([kwame.id]))).toEqual({ kind: 'single', causeId: kwame.id, amount: '20.00' });
    expect(checkoutTarget(all, new Set([borehole.id, books.id]))).toEqual({ kind: 'multi', causeIds: [books.id, borehole.id] });
  });
});

describe('cart sync with the server', () => {
  it('offline edits reach the server in ONE request when back online, and its answer becomes the device cart', async () => {
    setOnline(false, true);
    await render('/cartpage');
    await addToCart({ id: kwame.id, title: kwame.title, category: 'Medical' });
    await addToCart({ id: books.id, title: books.title, category: 'Education' });
    const plus = await screen.findByRole('button', { name: `Increase quantity of ${books.title}` });
    await act(async () => fireEvent.click(plus));
    const cartId = readCartId()!;
    expect(await screen.findByText('Saved on this device')).toBeTruthy();
    // Something only the server knows (another device of this guest added it): after the sync the device shows it too.
    await addOnServer({ cart_id: cartId, cause_id: clinic.id, donation_amount: '7.00' });

    await act(async () => setOnline(true));
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0));
    await cartSync().idle();
    expect(syncCalls()).toHaveLength(1);
    expect(syncCalls()[0].headers['idempotency-key']).toBeTruthy();
    expect((syncCalls()[0].body as { lines: unknown[] }).lines).toEqual([
      { cause_id: kwame.id, quantity: 1, donation_amount: '10.00' },
      { cause_id: books.id, quantity: 2, donation_amount: '10.00' },
    ]);
    await screen.findByRole('link', { name: clinic.title });
    expect(await deviceCart()).toEqual(await serverCart({ cartId }));
    expect((await deviceCart()).map(([id, q]) => [id, q])).toEqual(
      [
        [kwame.id, 1],
        [books.id, 2],
        [clinic.id, 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // No read was needed: the batch's answer was the cart.
    expect(net.calls.filter((c) => c.method === 'GET' && pathOnly(c).startsWith('/api/cart/'))).toHaveLength(0);
    await waitFor(() => expect(screen.queryByText('Saved on this device')).toBeNull());
    expect(within(document.querySelector<HTMLElement>('.cart-page__head')!).getByText('All changes synced')).toBeTruthy();
  });

  it('signing in: the next cart call carries the guest cart id, the server merges, and its cart id is stored', async () => {
    const donor = await newDonor();
    const guestCart = crypto.randomUUID();
    await addOnServer({ cart_id: guestCart, cause_id: kwame.id, donation_amount: '10.00' });
    await addOnServer({ cause_id: books.id, donation_amount: '5.00', quantity: 3 }, donor.access);
    localStorage.setItem(STORAGE_KEYS.cartId, guestCart);
    await seedCart([line(kwame)]);
    await render('/cartpage');
    await screen.findByRole('link', { name: kwame.title });

    await act(async () => signInPage(donor));
    await screen.findByRole('link', { name: books.title });
    const merge = net.calls.find((c) => c.method === 'GET' && c.headers.authorization);
    expect(pathOnly(merge!)).toBe(`/api/cart/${guestCart}/`);
    await waitFor(() => expect(readCartId()).not.toBe(guestCart));
    expect(await deviceCart()).toEqual(await serverCart({ token: donor.access }));
    expect((await deviceCart()).map(([, q]) => q).sort()).toEqual([1, 3]);
  });

  it('a copy of the server cart that was read before an edit never lands, not even for a moment', async () => {
    const cartId = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.cartId, cartId);
    await addOnServer({ cart_id: cartId, cause_id: kwame.id, donation_amount: '10.00' });
    await seedCart([line(kwame)]);
    const read = net.holdAnswer((c) => c.method === 'GET' && pathOnly(c) === `/api/cart/${cartId}/`);
    await render('/cartpage');
    await screen.findByRole('link', { name: kwame.title });
    await read.held; // the read is in flight (its answer says quantity 1)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Increase quantity of ${kwame.title}` })));
    // The edit reaches the server and leaves the outbox while the old read is still on its way.
    await waitFor(async () => expect(await serverCart({ cartId })).toEqual([[kwame.id, 2, '10.00']]));
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0));
    const seen: number[] = [];
    const watch = liveQuery(() => getDb().cart.get(kwame.id)).subscribe((row) => seen.push((row as CartLine | undefined)?.quantity ?? 0));
    await waitFor(() => expect(seen).toEqual([2]));
    await act(async () => read.release());
    await cartSync().idle(); // the stale read has been answered and dealt with
    watch.unsubscribe();
    expect(net.calls.filter((c) => c.method === 'GET' && pathOnly(c) === `/api/cart/${cartId}/`).length).toBeGreaterThan(0);
    expect(seen.filter((q) => q !== 2)).toEqual([]);
    expect(screen.getByLabelText(`Line total for ${kwame.title}`).textContent).toBe('GH₵20.00');
  });

  it("logout clears the cart id and the device cart; the account's waiting change stays queued for it", async () => {
    const donor = await newDonor();
    signInPage(donor);
    setOnline(false, true);
    await render('/cartpage');
    await addToCart({ id: kwame.id, title: kwame.title });
    await screen.findByRole('link', { name: kwame.title });
    await act(async () => logout());
    expect(await screen.findByText('No items in your cart.')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.cartId)).toBeNull();
    expect(await getDb().cart.count()).toBe(0);
    expect((await getDb().outbox.toArray()).map((e) => e.owner)).toEqual([donor.id]);
    expect((await getOutbox()!.status()).waitingForOthers).toEqual([{ owner: donor.id, label: donor.email, count: 1 }]);
  });
});
