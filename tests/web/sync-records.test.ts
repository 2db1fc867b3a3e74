// The sending side's plain-IndexedDB view of Dexie's database (sync-records.ts, what the service worker uses instead of
// a second copy of Dexie): it reads and writes the rows Dexie keeps, never creates the database, and never stands in
// the way of Dexie upgrading or deleting it.
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { BoafoDb, type OutboxEntry } from '../../src/web/features/offline/db';
import { openSyncRecords, type SyncRecords } from '../../src/web/features/offline/sync-records';

let count = 0;
const cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function fresh(): { name: string; db: BoafoDb; records: SyncRecords } {
  const name = `sync-records-${++count}`;
  const db = new BoafoDb(name);
  const records = openSyncRecords(name);
  cleanup.push(() => records.close());
  cleanup.push(async () => {
    db.close();
    await Dexie.delete(name);
  });
  return { name, db, records };
}

const entry = (body: unknown, status: OutboxEntry['status'] = 'pending'): OutboxEntry => ({
  method: 'POST',
  url: '/api/cart/sync/',
  body,
  idempotencyKey: `key-${JSON.stringify(body)}`,
  owner: 'user-1',
  rev: 0,
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 1,
  status,
});

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((db) => db.name ?? '');
}

describe('sync records', () => {
  it('reads the pending entries Dexie wrote, in send order, and Dexie reads what it rewrote', async () => {
    const { db, records } = fresh();
    const [a, , c] = (await db.outbox.bulkAdd([entry('a'), entry('refused', 'failed'), entry('c'), entry('d')], {
      allKeys: true,
    })) as number[];
    expect((await records.pending()).map((e) => e.body)).toEqual(['a', 'c', 'd']);

    const result = await records.rewrite([a, c, 999], (current) => {
      expect(current.map((e) => e?.body)).toEqual(['a', 'c', undefined]);
      return { entries: [null, { ...current[1]!, attempts: 3 }, undefined], meta: { key: 'lastSyncedAt', value: 42 }, result: 'done' };
    });
    expect(result).toBe('done');
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.body, e.attempts])).toEqual([
      ['refused', 0],
      ['c', 3],
      ['d', 0],
    ]);
    expect((await db.meta.get('lastSyncedAt'))?.value).toBe(42);
  });

  it('a rewrite that fails half-way writes nothing', async () => {
    const { db, records } = fresh();
    const [a, b] = (await db.outbox.bulkAdd([entry('a'), entry('b')], { allKeys: true })) as number[];
    await expect(
      // The delete goes first; the second entry cannot be stored (a function is not cloneable).
      records.rewrite([a, b], (current) => ({ entries: [null, { ...current[1]!, body: () => 'not data' }], result: 0 })),
    ).rejects.toThrow(/clone/i);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.body)).toEqual(['a', 'b']);
  });

  it('keeps tokens per account: a stored row is replaced only when the check says so, and deleted by a match', async () => {
    const { db, records } = fresh();
    await db.open();
    const row = { key: 'u1', userId: 'u1', access: 'a1', refresh: 'r1', issuedAt: 10, updatedAt: 1 };
    await records.putSession(row, (stored) => !stored);
    await records.putSession({ ...row, access: 'older', issuedAt: 5 }, (stored) => !stored || stored.issuedAt <= 5);
    expect((await records.session('u1'))?.access).toBe('a1');
    await records.putSession({ ...row, key: 'u2', userId: 'u2' }, () => true);
    await records.deleteSessions((stored) => stored.userId !== 'u2');
    expect((await db.session.toArray()).map((stored) => stored.userId)).toEqual(['u2']);
  });

  it('on a device that never queued anything it finds nothing and creates no database', async () => {
    const records = openSyncRecords('never-opened');
    cleanup.push(() => records.close());
    expect(await records.pending()).toEqual([]);
    expect(await records.session('u1')).toBeUndefined();
    await records.putSession({ key: 'u1', userId: 'u1', access: 'a', refresh: null, issuedAt: 1, updatedAt: 1 }, () => true);
    expect(await databaseNames()).not.toContain('never-opened');
  });

  it('lets go of the database when Dexie upgrades or deletes it, then reads the new one', async () => {
    const { name, db, records } = fresh();
    await db.outbox.add(entry('before'));
    expect(await records.pending()).toHaveLength(1); // its connection is open now

    // A newer app version's schema: Dexie's upgrade needs every other connection to close.
    db.close();
    const next = new Dexie(name);
    next.version(8).stores({ outbox: '++seq, status, coalesceKey', meta: 'key', session: 'key', extra: 'id' });
    await next.open();
    expect(next.tables.map((table) => table.name)).toContain('extra');
    expect((await records.pending()).map((e) => e.body)).toEqual(['before']);

    await next.delete(); // blocked forever if a connection held on
    expect(await records.pending()).toEqual([]);
    expect(await databaseNames()).not.toContain(name);
  });
});
