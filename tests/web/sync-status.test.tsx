// The sync indicator in the app shell tells the truth, against the real API server: changes waiting
// (offline), syncing, all changes synced, a refused change with Retry and Discard, and changes that
// wait for another account.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartSync } from '../../src/web/features/cart/cart-runtime';
import { addToCart } from '../../src/web/features/cart/local-cart';
import { getDb } from '../../src/web/features/offline/db';
import { startOffline } from '../../src/web/features/offline/start-offline';
import { refreshAccessToken } from '../../src/web/lib/api-client';
import { logout } from '../../src/web/lib/logout';
import { clearToasts } from '../../src/web/stores/toast-store';
import { apiServer, newDonor, pathOnly, serverFetch, signInPage, useApiServer } from './helpers/api-server';
import { resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signOut } from './helpers/render-route';

const { causes, closedCause } = apiServer();
const [kwame, books] = causes;
let net: ReturnType<typeof serverFetch>;

const dock = () => within(screen.getByRole('complementary', { name: 'Sync status' }));

async function render() {
  startOffline({ refreshAccess: refreshAccessToken, fetch: net.fetch });
  await renderRoute('/cartpage', net.handler);
  await screen.findByRole('heading', { level: 1, name: 'Your cart' });
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

describe('the sync indicator', () => {
  it('waiting (offline) → syncing → all changes synced', async () => {
    setOnline(false, true);
    await render();
    await addToCart({ id: kwame.id, title: kwame.title });
    await addToCart({ id: books.id, title: books.title });
    await waitFor(() => expect(dock().getByText('2 changes waiting to sync (offline)')).toBeTruthy());

    const answer = net.holdAnswer((c) => pathOnly(c) === '/api/cart/sync/');
    await act(async () => setOnline(true));
    await answer.held;
    await waitFor(() => expect(dock().getByText('Syncing 2 changes…')).toBeTruthy());
    await act(async () => answer.release());
    // Shown (not only to screen readers) once the phase has settled: the first synced render may
    // still carry the hidden class for a frame before the effect shows it.
    await waitFor(() => {
      expect(dock().getByText('All changes synced')).toBeTruthy();
      expect(dock().getByRole('status').className).not.toContain('visually-hidden');
    });
  });

  it("a refused change shows with the server's reason, Retry sends it again, Discard drops it", async () => {
    setOnline(false, true);
    await render();
    await addToCart({ id: closedCause.id, title: closedCause.title });
    await addToCart({ id: kwame.id, title: kwame.title });
    await act(async () => setOnline(true));
    await waitFor(() => expect(dock().getByText('1 change could not be sent')).toBeTruthy());
    // The other line of the same batch was applied.
    await waitFor(async () => expect((await getDb().cart.toArray()).map((l) => l.id)).toEqual([kwame.id]));

    fireEvent.click(dock().getByRole('button', { name: 'Review' }));
    expect(dock().getByText(`${closedCause.title} × 1 in your cart`)).toBeTruthy();
    expect(dock().getByText('This cause is not accepting donations.')).toBeTruthy();

    const before = net.calls.length;
    await act(async () => fireEvent.click(dock().getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(net.calls.slice(before).some((c) => pathOnly(c) === '/api/cart/sync/')).toBe(true));
    await waitFor(() => expect(dock().getByText('1 change could not be sent')).toBeTruthy());

    await act(async () => fireEvent.click(dock().getByRole('button', { name: 'Discard' })));
    await waitFor(() => expect(dock().getByText('All changes synced')).toBeTruthy());
    expect(await getDb().outbox.count()).toBe(0);
  });

  it("another account's queued changes show as waiting for that account", async () => {
    const ama = await newDonor('ama');
    signInPage(ama);
    setOnline(false, true);
    await render();
    await addToCart({ id: kwame.id, title: kwame.title });
    await act(async () => logout());
    await waitFor(() => expect(dock().getByText(`1 change waiting for ${ama.email} to sign in`)).toBeTruthy());
    await act(async () => setOnline(true));
    await cartSync().idle();
    expect(dock().getByText(`1 change waiting for ${ama.email} to sign in`)).toBeTruthy();
    expect(net.calls.filter((c) => pathOnly(c) === '/api/cart/sync/')).toHaveLength(0);
  });
});
