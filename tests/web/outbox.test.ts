import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BoafoDb } from '../../src/web/features/offline/db';
import { createOutbox, type OutboxDeps } from '../../src/web/features/offline/outbox';
import { BASE_RETRY_MS, MAX_RETRY_MS, backoffDelay } from '../../src/web/features/offline/outbox-sender';
import { createFakeFetch, deferred, json, type RecordedCall } from './helpers/fake-fetch';

/** A fetch that only records (a runner that must not send anything). */
function createFakeFetchFor(calls: RecordedCall[]): typeof fetch {
  const fake = createFakeFetch(() => json(201, {}));
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fake.fetch(input, init);
    calls.push(...fake.calls.splice(0));
    return response;
  }) as typeof fetch;
}

let dbCount = 0;
const opened: BoafoDb[] = [];

function freshDb(name = `outbox-test-${++dbCount}`): BoafoDb {
  const db = new BoafoDb(name);
  opened.push(db);
  return db;
}

afterEach(async () => {
  const names = new Set<string>();
  for (const db of opened.splice(0)) {
    db.close();
    names.add(db.name);
  }
  for (const name of names) await new BoafoDb(name).delete();
});

/** A fake clock and a fetch that answers each call with `answer`. No real timers ever fire. */
function setup(answer: (call: RecordedCall) => Response | Promise<Response> | undefined, extra: Partial<OutboxDeps> = {}) {
  const clock = { now: 1_000_000 };
  const fake = createFakeFetch(answer);
  const timers: number[] = [];
  const db = extra.db ?? freshDb();
  const outbox = createOutbox({
    db,
    fetch: fake.fetch,
    now: () => clock.now,
    random: () => 0.5, // jitter factor exactly 1, so delays are the plain exponential series
    isOnline: () => true,
    viewer: () => ({ id: 'user-1' }),
    tokens: { tokenFor: async () => 'token-1', refresh: async () => null },
    setTimer: (_run, ms) => timers.push(ms),
    clearTimer: () => {},
    ...extra,
  });
  return { outbox, db, clock, calls: fake.calls, timers };
}

describe('outbox', () => {
  it('sends mutations in enqueue order, also those enqueued while a flush is running', async () => {
    const first = deferred<Response>();
    const { outbox, db, calls } = setup((call) => (call.body && (call.body as { n: number }).n === 1 ? first.promise : json(201, {})));

    await outbox.enqueue({ method: 'POST', url: '/api/cart/add/', body: { n: 1 } }); // starts a flush, held in flight
    const running = outbox.flush();
    await outbox.enqueue({ method: 'POST', url: '/api/cart/add/', body: { n: 2 } });
    await outbox.enqueue({ method: 'PATCH', url: '/api/cart/update/9/', body: { n: 3 } });
    expect(calls).toHaveLength(1); // single flight: nothing overtakes the first request

    first.resolve(json(201, {}));
    await running;
    await outbox.flush();

    expect(calls.map((c) => (c.body as { n: number }).n)).toEqual([1, 2, 3]);
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'PATCH']);
    expect(calls[0].url).toBe('/api/cart/add/');
    expect(calls[0].headers.authorization).toBe('Bearer token-1');
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives every entry its own Idempotency-Key and resends the same key on retry', async () => {
    let failFirst = true;
    const { outbox, clock, calls } = setup(() => {
      if (failFirst) {
        failFirst = false;
        return json(503, { detail: 'down' });
      }
      return json(201, {});
    });
    const a = await outbox.enqueue({ method: 'POST', url: '/api/a/', body: {} });
    const b = await outbox.enqueue({ method: 'POST', url: '/api/b/', body: {} });
    await outbox.flush();
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    clock.now += MAX_RETRY_MS;
    await outbox.flush();
    const keys = calls.map((c) => c.headers['idempotency-key']);
    expect(keys).toEqual([a.idempotencyKey, a.idempotencyKey, b.idempotencyKey]);
  });

  it('backs off exponentially after 503s and succeeds later', async () => {
    const answers = [503, 503, 201];
    const { outbox, db, clock, calls, timers } = setup(() => json(answers.shift()!, {}));
    const entry = await outbox.enqueue({ method: 'POST', url: '/api/x/', body: {} });

    await outbox.flush();
    const afterFirst = (await db.outbox.get(entry.seq!))!;
    expect(afterFirst.attempts).toBe(1);
    expect(afterFirst.nextAttemptAt - clock.now).toBe(BASE_RETRY_MS);

    // Not due yet: a flush now must not send.
    await outbox.flush();
    expect(calls).toHaveLength(1);

    clock.now = afterFirst.nextAttemptAt;
    await outbox.flush();
    const afterSecond = (await db.outbox.get(entry.seq!))!;
    expect(afterSecond.attempts).toBe(2);
    expect(afterSecond.nextAttemptAt - clock.now).toBe(2 * BASE_RETRY_MS);
    expect(afterSecond.nextAttemptAt).toBeGreaterThan(afterFirst.nextAttemptAt);
    expect(timers).toContain(2 * BASE_RETRY_MS); // a wake-up is armed for the retry

    clock.now = afterSecond.nextAttemptAt;
    const result = await outbox.flush();
    expect(result.sent).toBe(1);
    expect(calls).toHaveLength(3);
    expect(await db.outbox.count()).toBe(0);
    expect((await outbox.status()).lastSyncedAt).toBe(clock.now);
  });

  it('caps the backoff at 5 minutes and keeps jitter within ±25%', () => {
    expect(backoffDelay(1, 0)).toBe(750);
    expect(backoffDelay(1, 1)).toBe(1250);
    expect(backoffDelay(3, 0.5)).toBe(4000);
    expect(backoffDelay(30, 1)).toBe(MAX_RETRY_MS);
    expect(backoffDelay(30, 0)).toBe(MAX_RETRY_MS * 0.75);
  });

  it('stops at a network failure so later entries never overtake it', async () => {
    let offline = true;
    const { outbox, db, clock, calls } = setup((call) => (offline && call.url === '/api/first/' ? undefined : json(200, {})));
    await outbox.enqueue({ method: 'POST', url: '/api/first/', body: {} });
    await outbox.enqueue({ method: 'POST', url: '/api/second/', body: {} });
    const result = await outbox.flush();

    expect(result.stopped).toBe('retry');
    expect(calls.map((c) => c.url)).toEqual(['/api/first/']);
    expect(await db.outbox.count()).toBe(2);

    offline = false;
    clock.now += MAX_RETRY_MS;
    await outbox.flush();
    expect(calls.map((c) => c.url)).toEqual(['/api/first/', '/api/first/', '/api/second/']);
  });

  it('marks a refused (4xx) entry failed, keeps it, and goes on with the next', async () => {
    const { outbox, calls } = setup((call) =>
      call.url === '/api/bad/' ? json(400, { detail: 'Invalid amount', code: 'validation_error' }) : json(201, {}),
    );
    await outbox.enqueue({ method: 'POST', url: '/api/bad/', body: {} });
    await outbox.enqueue({ method: 'POST', url: '/api/good/', body: {} });
    const result = await outbox.flush();

    expect(result).toMatchObject({ sent: 1, failed: 1, stopped: 'empty' });
    expect(calls.map((c) => c.url)).toEqual(['/api/bad/', '/api/good/']);
    const status = await outbox.status();
    expect(status).toMatchObject({ pending: 0, failed: 1 });
    expect(status.failedEntries[0]).toMatchObject({ url: '/api/bad/', status: 'failed', lastStatus: 400 });
    expect(status.failedEntries[0].lastError).toContain('Invalid amount');

    await outbox.discard(status.failedEntries[0].seq!);
    expect((await outbox.status()).failed).toBe(0);
  });

  it('retries 401, 408, 409 and 429 instead of failing them', async () => {
    for (const code of [401, 408, 409, 429]) {
      const { outbox, db } = setup(() => json(code, {}));
      await outbox.enqueue({ method: 'POST', url: '/api/x/', body: {} });
      const result = await outbox.flush();
      expect(result.stopped).toBe('retry');
      const [entry] = await db.outbox.toArray();
      expect(entry).toMatchObject({ status: 'pending', attempts: 1, lastStatus: code });
    }
  });

  it('refreshes the token once on 401 and resends with the new one', async () => {
    const { outbox, calls } = setup((call) => (call.headers.authorization === 'Bearer fresh' ? json(201, {}) : json(401, {})), {
      tokens: { tokenFor: async () => 'token-1', refresh: async (_owner, failed) => (failed === 'token-1' ? 'fresh' : null) },
      viewer: () => ({ id: 'user-a' }),
    });
    await outbox.enqueue({ method: 'POST', url: '/api/x/', body: {} });
    const result = await outbox.flush();
    expect(result.sent).toBe(1);
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer token-1', 'Bearer fresh']);
  });

  it('loses nothing across a reload: entries survive closing and reopening the database', async () => {
    const name = `outbox-reload-${++dbCount}`;
    const before = setup(() => json(201, {}), { db: freshDb(name), isOnline: () => false });
    await before.outbox.enqueue({ method: 'POST', url: '/api/one/', body: { n: 1 } });
    await before.outbox.enqueue({ method: 'DELETE', url: '/api/two/' });
    expect(before.calls).toHaveLength(0); // offline: nothing sent
    before.db.close();

    const after = setup(() => json(204, undefined), { db: freshDb(name) });
    expect((await after.outbox.status()).pending).toBe(2);
    await after.outbox.flush();
    expect(after.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/one/', 'DELETE /api/two/']);
    expect(after.calls[1].headers['content-type']).toBeUndefined(); // no body, no JSON header
    expect(await after.db.outbox.count()).toBe(0);
  });

  it('reports status changes to subscribers', async () => {
    const { outbox } = setup(() => undefined, { isOnline: () => false });
    const seen: number[] = [];
    outbox.subscribe((s) => seen.push(s.pending));
    await outbox.enqueue({ method: 'POST', url: '/api/x/', body: {} });
    await outbox.enqueue({ method: 'POST', url: '/api/y/', body: {} });
    await waitFor(() => expect(seen.at(-1)).toBe(2));
  });
});

describe('outbox ownership', () => {
  it("never sends one user's queued change under the next user's account", async () => {
    const who = { userId: 'user-a' as string | null, online: false };
    const { outbox, calls } = setup(() => json(201, {}), {
      isOnline: () => who.online, // queue everything first, flush by hand
      viewer: () => ({ id: who.userId }),
      // Only the signed-in account has a token on the device (a signed-out account's row is gone).
      tokens: { tokenFor: async (owner) => (owner === who.userId ? `token-of-${owner}` : null), refresh: async () => null },
    });
    await outbox.enqueue({ method: 'POST', url: '/api/cart/add/', body: { by: 'a' } });
    who.userId = null; // A logs out; a guest edits
    await outbox.enqueue({ method: 'POST', url: '/api/cart/add/', body: { by: 'guest' } });
    who.userId = 'user-b'; // B signs in on the same phone
    await outbox.enqueue({ method: 'POST', url: '/api/cart/add/', body: { by: 'b' } });

    who.online = true;
    const result = await outbox.flush();
    expect(result).toMatchObject({ stopped: 'empty', held: 1 }); // A's change waits; it is not failed
    expect(calls.map((c) => (c.body as { by: string }).by)).toEqual(['guest', 'b']);
    expect(calls.map((c) => c.headers.authorization)).toEqual([undefined, 'Bearer token-of-user-b']);
    const status = await outbox.status();
    expect(status.pending).toBe(0); // A's entry is not B's to see...
    expect(status.waitingForOthers).toEqual([{ owner: 'user-a', label: null, count: 1 }]); // ...but B sees that it waits

    who.userId = 'user-a'; // A signs back in: their change goes, as A
    await outbox.flush();
    expect(calls.map((c) => (c.body as { by: string }).by)).toEqual(['guest', 'b', 'a']);
    expect(calls[2].headers.authorization).toBe('Bearer token-of-user-a');
  });

  it("a runner without the owner's token (a worker, another tab) leaves the entry pending, and sends what it can", async () => {
    const { outbox, db, calls } = setup(() => json(201, {}), {
      viewer: () => ({ id: 'user-a' }),
      isOnline: () => false,
      tokens: { tokenFor: async () => null, refresh: async () => null },
    });
    await outbox.enqueue({ method: 'POST', url: '/api/mine/', body: {} });
    const worker = createOutbox({
      db,
      fetch: createFakeFetchFor(calls),
      isOnline: () => true,
      setTimer: () => 0,
      clearTimer: () => {},
      tokens: { tokenFor: async () => null, refresh: async () => null },
    });
    const result = await worker.flush();
    expect(result).toMatchObject({ sent: 0, failed: 0, stopped: 'empty', held: 1 });
    expect(calls).toHaveLength(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('a 401 the refresh cannot cure leaves the entry waiting (retried later), never failed', async () => {
    const { outbox, db } = setup(() => json(401, { detail: 'expired', code: 'token_invalid' }), {
      viewer: () => ({ id: 'user-a' }),
      tokens: { tokenFor: async () => 'old', refresh: async () => null },
    });
    await outbox.enqueue({ method: 'POST', url: '/api/x/', body: {} });
    expect((await outbox.flush()).stopped).toBe('retry');
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending', lastStatus: 401 });
  });
});

describe('coalescing and batches', () => {
  const cartBatch = { url: '/api/cart/sync/', field: 'lines', base: { cart_id: 'cart-1' }, itemKey: 'cause_id' };
  const line = (cause: string, quantity: number) => ({
    method: 'POST' as const,
    url: '/api/cart/sync/',
    body: { cause_id: cause, quantity },
    owner: null,
    coalesceKey: `cart:${cause}`,
    batch: cartBatch,
  });

  it('coalesces by key (latest body wins) and sends every waiting item as one request', async () => {
    const { outbox, db, calls } = setup(() => json(200, { refused: [] }), { isOnline: () => false });
    for (const [cause, quantity] of [
      ['a', 1],
      ['b', 1],
      ['a', 2],
      ['a', 3],
      ['c', 4],
      ['b', 0],
    ] as const) {
      await db.transaction('rw', db.outbox, () => outbox.put(line(cause, quantity)));
    }
    expect(await db.outbox.count()).toBe(3);
    const online = setup(() => json(200, { refused: [] }), { db });
    await online.outbox.flush();
    expect(calls).toHaveLength(0);
    expect(online.calls).toHaveLength(1);
    expect(online.calls[0].body).toEqual({
      cart_id: 'cart-1',
      lines: [
        { cause_id: 'a', quantity: 3 },
        { cause_id: 'b', quantity: 0 },
        { cause_id: 'c', quantity: 4 },
      ],
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('resends an unanswered batch with the same key; an edit since makes it a new batch with a new key', async () => {
    const server: { answer?: Response } = {};
    const { outbox, db, calls, clock } = setup(() => server.answer);
    await db.transaction('rw', db.outbox, () => outbox.put(line('a', 1)));
    await db.transaction('rw', db.outbox, () => outbox.put(line('b', 1)));
    await outbox.flush(); // the network drops it
    clock.now += MAX_RETRY_MS;
    await outbox.flush(); // again: the same batch
    expect(calls[1].headers['idempotency-key']).toBe(calls[0].headers['idempotency-key']);
    await db.transaction('rw', db.outbox, () => outbox.put(line('a', 5)));
    clock.now += MAX_RETRY_MS;
    server.answer = json(200, { refused: [] });
    await outbox.flush();
    expect(calls[2].headers['idempotency-key']).not.toBe(calls[0].headers['idempotency-key']);
    expect(calls[2].body).toEqual({
      cart_id: 'cart-1',
      lines: [
        { cause_id: 'a', quantity: 5 },
        { cause_id: 'b', quantity: 1 },
      ],
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit made while its batch is in flight is kept and sent next; refused items stay as failed', async () => {
    const first = deferred<Response>();
    let n = 0;
    const { outbox, db, calls } = setup(() =>
      ++n === 1 ? first.promise : json(200, { refused: [{ cause_id: 'b', detail: 'This cause is not accepting donations.' }] }),
    );
    await db.transaction('rw', db.outbox, () => outbox.put(line('a', 1)));
    const flushing = outbox.flush();
    await waitFor(() => expect(calls).toHaveLength(1));
    await db.transaction('rw', db.outbox, () => outbox.put(line('a', 2)));
    await db.transaction('rw', db.outbox, () => outbox.put(line('b', 1)));
    first.resolve(json(200, { refused: [] }));
    await flushing;
    await outbox.flush();
    expect(calls.map((c) => c.body)).toEqual([
      { cart_id: 'cart-1', lines: [{ cause_id: 'a', quantity: 1 }] },
      {
        cart_id: 'cart-1',
        lines: [
          { cause_id: 'a', quantity: 2 },
          { cause_id: 'b', quantity: 1 },
        ],
      },
    ]);
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ status: 'failed', body: { cause_id: 'b' }, lastError: 'This cause is not accepting donations.' });
  });

  it("adopting a guest's entries on sign-in keeps their batch key, so a resend is recognised", async () => {
    const net = { online: true };
    const { outbox, db, calls, clock } = setup(() => undefined, { viewer: () => ({ id: null }), isOnline: () => net.online });
    await db.transaction('rw', db.outbox, () => outbox.put(line('a', 1)));
    await outbox.flush(); // applied by the server, answer lost
    net.online = false;
    await outbox.adopt('user-a', 'ama@example.com');
    net.online = true;
    clock.now += MAX_RETRY_MS;
    await outbox.flush();
    expect(calls.map((c) => c.headers.authorization)).toEqual([undefined, 'Bearer token-1']);
    expect(new Set(calls.map((c) => c.headers['idempotency-key'])).size).toBe(1);
    expect((await db.outbox.toArray())[0]).toMatchObject({ owner: 'user-a', ownerLabel: 'ama@example.com' });
  });
});
