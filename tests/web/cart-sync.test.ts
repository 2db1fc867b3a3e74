// The cart's sync rules against the real API server (tests/web/server): coalescing, one request per
// drain, replays, identity changes and a 401 mid-flush. The page's own CartSync and outbox, with
// fake-indexeddb; only the network between them and the server is observed (and, where a test
// says so, an answer is dropped on its way back).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { cartSync } from '../../src/web/features/cart/cart-runtime';
import { createCartSync, createCartSyncView } from '../../src/web/features/cart/cart-sync';
import type { Cart } from '../../src/shared/contract/cart';
import { BoafoDb } from '../../src/web/features/offline/db';
import { createOutbox } from '../../src/web/features/offline/outbox';
import { readCartId } from '../../src/web/features/cart/cart-id';
import { getDb } from '../../src/web/features/offline/db';
import { getOutbox, startOffline } from '../../src/web/features/offline/start-offline';
import { configureApiClient, refreshAccessToken } from '../../src/web/lib/api-client';
import { logout } from '../../src/web/lib/logout';
import { session } from '../../src/web/stores/session-store';
import { clearToasts } from '../../src/web/stores/toast-store';
import { apiServer, newDonor, pathOnly, serverCart, serverFetch, signInPage, useApiServer } from './helpers/api-server';
import { resetGivingState, setOnline } from './helpers/giving';
import { signOut } from './helpers/render-route';

const { causes } = apiServer();
const [kwame, books, borehole] = causes;
let net: ReturnType<typeof serverFetch>;

function start() {
  startOffline({ refreshAccess: refreshAccessToken, fetch: net.fetch });
  return cartSync();
}

const syncCalls = () => net.calls.filter((c) => pathOnly(c) === '/api/cart/sync/');
const linesOf = (call: { body: unknown }) => (call.body as { lines: { cause_id: string; quantity: number }[] }).lines;
const outboxRows = async () => (await getDb().outbox.orderBy('seq').toArray()).map((e) => [e.owner ?? null, e.body]);

/** The device cart as [cause_id, quantity, donation_amount], sorted like serverCart(). */
async function deviceCart(): Promise<[string, number, string][]> {
  const rows = (await getDb().cart.toArray()) as unknown as { cause_id: string; quantity: number; donation_amount: string }[];
  return rows.map((r) => [r.cause_id, r.quantity, r.donation_amount] as [string, number, string]).sort((a, b) => a[0].localeCompare(b[0]));
}

/** Back online; resolves once nothing this page can send is left and the cart sync has settled. */
async function reconnect() {
  setOnline(true);
  await waitFor(async () => expect((await getOutbox()!.status()).pending).toBe(0), { timeout: 10_000 });
  await cartSync().idle();
}

const add = (cause: { id: string; title: string }, quantity = 1, amount = '10.00') =>
  cartSync().edit({ kind: 'add', cause, amount, quantity });

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
  useApiServer();
  net = serverFetch();
  configureApiClient({ fetch: net.fetch, onSessionExpired: () => {} });
});

afterEach(async () => {
  await resetGivingState();
  signOut();
  clearToasts();
  setOnline(true, true);
});

describe('coalescing', () => {
  it('N edits to k lines wait as k entries and go out as ONE request; the server ends equal to the device', async () => {
    start();
    setOnline(false, true);
    for (const cause of [kwame, books, borehole]) await add(cause);
    for (let i = 0; i < 60; i++) {
      await cartSync().edit({ kind: 'step', causeId: causes[i % 3].id, delta: i % 4 === 3 ? -1 : 1 });
    }
    expect(await getDb().outbox.count()).toBe(3);
    expect(syncCalls()).toHaveLength(0);

    await reconnect();
    expect(syncCalls()).toHaveLength(1);
    expect(linesOf(syncCalls()[0])).toHaveLength(3);
    const device = await deviceCart();
    expect(await serverCart({ cartId: readCartId() })).toEqual(device);
    // 60 clicks over 3 lines, 3 of every 4 a plus: each line gained 15 - 5 = 10 on top of its 1.
    expect(device.map(([, q]) => q)).toEqual([11, 11, 11]);
  });

  it('the latest quantity wins', async () => {
    start();
    await add(kwame);
    await reconnect();
    setOnline(false, true);
    await cartSync().edit({ kind: 'set', causeId: kwame.id, quantity: 5 });
    await cartSync().edit({ kind: 'set', causeId: kwame.id, quantity: 2 });
    expect(await outboxRows()).toEqual([[null, { cause_id: kwame.id, quantity: 2, donation_amount: '10.00' }]]);
    await reconnect();
    expect(await serverCart({ cartId: readCartId() })).toEqual([[kwame.id, 2, '10.00']]);
  });

  it('adding a line and removing it before anything was sent cancels out: nothing is sent', async () => {
    start();
    setOnline(false, true);
    await add(books);
    await cartSync().edit({ kind: 'step', causeId: books.id, delta: 1 });
    await cartSync().edit({ kind: 'set', causeId: books.id, quantity: 0 });
    expect(await getDb().outbox.count()).toBe(0);
    expect(await getDb().cart.count()).toBe(0);
    await reconnect();
    expect(syncCalls()).toHaveLength(0);
  });

  it("a line's removal replaces its waiting edits, and the server line goes", async () => {
    start();
    await add(kwame, 3);
    await reconnect();
    setOnline(false, true);
    await cartSync().edit({ kind: 'step', causeId: kwame.id, delta: 1 });
    await cartSync().edit({ kind: 'step', causeId: kwame.id, delta: 1 });
    await cartSync().edit({ kind: 'set', causeId: kwame.id, quantity: 0 });
    expect(await outboxRows()).toEqual([[null, { cause_id: kwame.id, quantity: 0 }]]);
    await reconnect();
    expect(await serverCart({ cartId: readCartId() })).toEqual([]);
    expect(await deviceCart()).toEqual([]);
  });

  it('keeps the order of different lines: each line as first edited, nothing lost across them', async () => {
    start();
    setOnline(false, true);
    await add(borehole);
    await add(kwame, 2);
    await cartSync().edit({ kind: 'step', causeId: borehole.id, delta: 1 });
    await add(books);
    await cartSync().edit({ kind: 'step', causeId: kwame.id, delta: -1 });
    await reconnect();
    expect(linesOf(syncCalls()[0])).toEqual([
      { cause_id: borehole.id, quantity: 2, donation_amount: '10.00' },
      { cause_id: kwame.id, quantity: 1, donation_amount: '10.00' },
      { cause_id: books.id, quantity: 1, donation_amount: '10.00' },
    ]);
    expect(await serverCart({ cartId: readCartId() })).toEqual(await deviceCart());
  });

  it('replaying the same batch twice changes nothing (same key: the first answer; new key: the same absolute lines)', async () => {
    start();
    setOnline(false, true);
    await add(kwame, 2);
    await add(books);
    await reconnect();
    const [sent] = syncCalls();
    const before = await serverCart({ cartId: readCartId() });
    for (const key of [sent.headers['idempotency-key'], sent.headers['idempotency-key'], crypto.randomUUID()]) {
      const response = await fetch(sent.url, {
        method: 'POST',
        headers: { ...sent.headers, 'idempotency-key': key },
        body: JSON.stringify(sent.body),
      });
      expect(response.status).toBe(200);
      if (key === sent.headers['idempotency-key']) expect(response.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await serverCart({ cartId: readCartId() })).toEqual(before);
    expect(await deviceCart()).toEqual(before);
  });
});

describe('identity changes lose and double nothing', () => {
  it('guest add → answer lost after the server applied it → sign in → flush: counted once', async () => {
    start();
    net.dropAnswer((c) => pathOnly(c) === '/api/cart/sync/');
    await add(kwame);
    const guestCart = readCartId()!;
    // The server applied it; the phone never heard back, so the change is still queued.
    await waitFor(async () => expect(await serverCart({ cartId: guestCart })).toEqual([[kwame.id, 1, '10.00']]));
    await waitFor(async () => expect((await getDb().outbox.toArray())[0]?.attempts).toBe(1));

    const donor = await newDonor();
    signInPage(donor);
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0), { timeout: 10_000 });
    await cartSync().idle();
    const [first, resent] = syncCalls();
    expect(resent.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(resent.headers.authorization).toBe(`Bearer ${donor.access}`);
    expect(net.answers.get(resent)).toEqual({ status: 200, replayed: true }); // answered from the guest's record, not applied again
    await waitFor(async () => expect(await serverCart({ token: session.access! })).toEqual([[kwame.id, 1, '10.00']]));
    await waitFor(async () => expect(await deviceCart()).toEqual([[kwame.id, 1, '10.00']]));
  });

  it('the same for a single add an older version of the app queued (POST /api/cart/add/)', async () => {
    const outbox = getOutbox() ?? (start(), getOutbox()!);
    const guestCart = crypto.randomUUID();
    net.dropAnswer((c) => pathOnly(c) === '/api/cart/add/');
    await outbox.enqueue({
      method: 'POST',
      url: '/api/cart/add/',
      body: { cart_id: guestCart, cause_id: books.id, donation_amount: '10.00', quantity: 1 },
    });
    await waitFor(async () => expect(await serverCart({ cartId: guestCart })).toEqual([[books.id, 1, '10.00']]));
    await waitFor(async () => expect((await getDb().outbox.toArray())[0]?.attempts).toBe(1));

    const donor = await newDonor();
    signInPage(donor);
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0), { timeout: 10_000 });
    const adds = net.calls.filter((c) => pathOnly(c) === '/api/cart/add/');
    expect(adds.map((c) => Boolean(c.headers.authorization))).toEqual([false, true]);
    expect(net.answers.get(adds[1])).toEqual({ status: 200, replayed: true });
    // Read with the guest cart id: the server merges it into the donor's cart.
    const merged = await fetch(`${apiServer().url}/api/cart/${guestCart}/`, { headers: { Authorization: `Bearer ${donor.access}` } });
    expect((await merged.json()).items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
  });

  it('two accounts on one device keep their queued changes apart', async () => {
    const ama = await newDonor('ama');
    const kofi = await newDonor('kofi');
    start();
    signInPage(ama);
    setOnline(false, true);
    await add(kwame);
    await add(books, 2);
    logout(); // Ama's tokens leave the device; her two changes stay queued for her
    await waitFor(async () => expect(await getDb().session.get(ama.id)).toBeUndefined());
    expect(await deviceCart()).toEqual([]);

    signInPage(kofi);
    await add(borehole);
    await reconnect();
    const status = await getOutbox()!.status();
    expect(status.waitingForOthers).toEqual([{ owner: ama.id, label: ama.email, count: 2 }]);
    expect(await serverCart({ token: kofi.access })).toEqual([[borehole.id, 1, '10.00']]);
    // Her sign-out ended her session on the server too: read her cart with a session of its own.
    const amaNow = await fetch(`${apiServer().url}/api/user/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ama.email, password: 'kente-weave-2025' }),
    });
    expect(await serverCart({ token: ((await amaNow.json()) as { access: string }).access })).toEqual([]);
    expect(syncCalls().every((c) => c.headers.authorization === `Bearer ${kofi.access}`)).toBe(true);

    // Ama signs in again on this phone: her changes go, as her.
    logout();
    const again = await fetch(`${apiServer().url}/api/user/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ama.email, password: 'kente-weave-2025' }),
    }).then((r) => r.json());
    signInPage({ ...ama, access: again.access, refresh: again.refresh });
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0), { timeout: 10_000 });
    expect(await serverCart({ token: again.access })).toEqual(
      [
        [books.id, 2, '10.00'],
        [kwame.id, 1, '10.00'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // Kofi signed out above (his session ended): his cart, read with a session of its own.
    const kofiNow = await fetch(`${apiServer().url}/api/user/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: kofi.email, password: 'kente-weave-2025' }),
    });
    expect(await serverCart({ token: ((await kofiNow.json()) as { access: string }).access })).toEqual([[borehole.id, 1, '10.00']]);
    const amasCall = syncCalls().find((c) => linesOf(c).some((l) => l.cause_id === kwame.id))!;
    expect(amasCall.headers.authorization).toBe(`Bearer ${again.access}`);
  });

  it('a 401 during the flush refreshes the token and sends, never giving up on the change', async () => {
    const donor = await newDonor();
    start();
    // The access token the page holds is no longer accepted (expired); the refresh token still is.
    signInPage({ ...donor, access: `${donor.access.slice(0, -6)}AAAAAA` });
    setOnline(false, true);
    await add(kwame, 2);
    await reconnect();
    const paths = net.calls.map((c) => `${c.method} ${pathOnly(c)}`);
    expect(paths.filter((p) => p === 'POST /api/user/token/refresh/')).toHaveLength(1);
    const [refused, accepted] = syncCalls();
    expect(refused.headers['idempotency-key']).toBe(accepted.headers['idempotency-key']);
    expect(accepted.headers.authorization).toBe(`Bearer ${session.access}`);
    expect(await serverCart({ token: session.access! })).toEqual([[kwame.id, 2, '10.00']]);
    // The new pair is kept for the service worker too.
    expect((await getDb().session.get(donor.id))?.access).toBe(session.access);
  });
});

describe('two devices of one donor converge', () => {
  /** A phone of its own: its own database, outbox, CartSync and screen state, injected as the app does. */
  function device(name: string, donor: { id: string; email: string; access: string }, online: { value: boolean }) {
    const db = new BoafoDb(`${name}-${crypto.randomUUID()}`);
    const outbox = createOutbox({
      db,
      fetch: net.fetch,
      isOnline: () => online.value,
      viewer: () => ({ id: donor.id, label: donor.email }),
      tokens: { tokenFor: async () => donor.access, refresh: async () => null },
    });
    let cartId: string | null = null;
    const sync = createCartSync({
      db,
      outbox,
      online: () => online.value,
      view: createCartSyncView(),
      identity: () => ({ id: donor.id, label: donor.email }),
      fetchCart: async (id) => {
        const response = await net.fetch(`${apiServer().url}${id ? `/api/cart/${id}/` : '/api/cart/'}`, {
          headers: { Authorization: `Bearer ${donor.access}` },
        });
        return (await response.json()) as Cart;
      },
      cartIds: { read: () => cartId, ensure: () => (cartId ??= crypto.randomUUID()), store: (id) => (cartId = id) },
    });
    const stop = sync.start();
    const lines = async () =>
      ((await db.cart.toArray()) as unknown as { cause_id: string; quantity: number; donation_amount: string }[])
        .map((r) => [r.cause_id, r.quantity, r.donation_amount] as [string, number, string])
        .sort((a, b) => a[0].localeCompare(b[0]));
    return {
      db,
      outbox,
      sync,
      lines,
      close: async () => {
        stop();
        outbox.stop();
        await sync.idle();
        db.close();
        await db.delete();
      },
    };
  }

  it('edits made offline on two phones both reach the server, and each phone ends equal to it', async () => {
    const donor = await newDonor();
    const online = { value: false };
    const phone = device('phone', donor, online);
    const tablet = device('tablet', donor, online);
    try {
      await phone.sync.edit({ kind: 'add', cause: kwame, amount: '10.00', quantity: 2 });
      await phone.sync.edit({ kind: 'add', cause: books, amount: '5.00', quantity: 1 });
      await tablet.sync.edit({ kind: 'add', cause: borehole, amount: '20.00', quantity: 1 });
      await tablet.sync.edit({ kind: 'step', causeId: borehole.id, delta: 2 });

      online.value = true;
      await phone.outbox.flush();
      await tablet.outbox.flush();
      for (const d of [phone, tablet]) {
        d.sync.requestRefresh();
        await waitFor(async () => expect(await d.lines()).toEqual(await serverCart({ token: donor.access })));
      }
      expect((await serverCart({ token: donor.access })).map(([id, q]) => [id, q])).toEqual(
        [
          [kwame.id, 2],
          [books.id, 1],
          [borehole.id, 3],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
    } finally {
      await phone.close();
      await tablet.close();
    }
  });
});
