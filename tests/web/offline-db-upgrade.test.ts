// The device database declares only the versions that carry an upgrade (5) and the current one (7).
// A phone that last ran the app at version 1 or 4 must still open it: its data kept, its old
// shared session row moved to the per-account row, and the tables added since usable.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { BoafoDb } from '../../src/web/features/offline/db';

const V1 = { session: 'key', outbox: '++seq, status', meta: 'key', causes: 'id', cart: 'id', donations: 'id', notifications: 'id' };

async function seedOld(name: string, version: number, stores: Record<string, string>): Promise<void> {
  const old = new Dexie(name);
  old.version(version).stores(stores);
  await old.open();
  await old.table('session').put({ key: 'current', access: 'token-a', refresh: 'token-r', userId: 'user-1' });
  await old.table('cart').put({ id: 'line-1', amount: '25.00' });
  await old.table('outbox').add({ status: 'pending', op: 'cart.add' });
  old.close();
}

describe('device database upgrade from older versions', () => {
  for (const [version, stores] of [
    [1, V1],
    [
      4,
      {
        ...V1,
        causes: 'id, status, created_at, organizer_id, category_id, _mirrored_at',
        content: 'key',
        donations: 'id, _owner',
        notifications: 'id, _owner, [_owner+created_at]',
      },
    ],
  ] as const) {
    it(`opens a version ${version} database with its data and the per-account session`, async () => {
      const name = `boafo-upgrade-${version}`;
      await seedOld(name, version, stores);
      const db = new BoafoDb(name);
      await db.open();
      expect(db.verno).toBe(7);
      expect(await db.session.get('current')).toBeUndefined();
      expect(await db.session.get('user-1')).toMatchObject({ userId: 'user-1', access: 'token-a', refresh: 'token-r' });
      expect(await db.cart.get('line-1')).toMatchObject({ amount: '25.00' });
      expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
      await db.causeUpdates.put({ id: 'u1', cause_id: 'c1', created_at: '2026-11-01' } as never);
      expect(await db.causeUpdates.where('[cause_id+created_at]').between(['c1', Dexie.minKey], ['c1', Dexie.maxKey]).count()).toBe(1);
      await db.receipts.put({ key: 'r1', savedAt: 1 } as never);
      db.close();
      await Dexie.delete(name);
    });
  }
});
