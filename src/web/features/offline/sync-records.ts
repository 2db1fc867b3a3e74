import type { MetaRow, OutboxEntry, SessionRow } from './db';

/**
 * What sending queued changes reads and writes (the waiting entries, the last sync time, each account's tokens), in
 * plain IndexedDB rather than through Dexie: the service worker sends them too, and Dexie in the worker would be
 * 27 KB more (brotli) for every guest's first visit on a metered line. The page queues changes through Dexie
 * (db.ts), inside its features' own transactions; both reach the same database, tables and indexes.
 *
 * The database is Dexie's: db.ts creates and upgrades it. This opens whatever version is there and never creates one
 * (a device that never queued anything has nothing to send), and lets go at once when Dexie needs to upgrade it.
 *
 * Transactions run on request callbacks, never across an `await`, so they stay open in every browser.
 */

export interface SyncRecords {
  /** Entries waiting to be sent, in send (seq) order. */
  pending(): Promise<OutboxEntry[]>;
  /** Reads the entries `seqs` as they are now and writes what `decide` makes of them, in one transaction. */
  rewrite<T>(seqs: number[], decide: (current: Array<OutboxEntry | undefined>) => Rewrite<T>): Promise<T>;
  session(userId: string): Promise<SessionRow | undefined>;
  /** Stores `row` when `replaces` says so of the row stored for that account now (read in the same transaction). */
  putSession(row: SessionRow, replaces: (stored: SessionRow | undefined) => boolean): Promise<void>;
  deleteSessions(match: (row: SessionRow) => boolean): Promise<void>;
  close(): void;
}

export interface Rewrite<T> {
  /** One per entry asked for, in order: the entry to store, null to delete it, undefined to leave it as it is. */
  entries: Array<OutboxEntry | null | undefined>;
  meta?: MetaRow;
  result: T;
}

export const OFFLINE_DB_NAME = 'boafo';
const OUTBOX = 'outbox';
const META = 'meta';
const SESSION = 'session';

/** Issues a transaction's requests; `answer` sets what it resolves to once committed, `fail` undoes it all. */
type Body<T> = (tx: IDBTransaction, answer: (value: T) => void, fail: (error: unknown) => void) => void;

export function openSyncRecords(name = OFFLINE_DB_NAME, factory: () => IDBFactory = () => indexedDB): SyncRecords {
  let connection: Promise<IDBDatabase | null> | null = null;

  function connect(): Promise<IDBDatabase | null> {
    connection ??= new Promise((resolve) => {
      const request = factory().open(name);
      // Only a database that does not exist yet is "upgraded" by an open without a version: leave it uncreated.
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => {
        connection = null;
        resolve(null);
      };
      request.onsuccess = () => {
        const db = request.result;
        // Dexie is upgrading the schema or a test deletes the database: never be the connection that blocks it.
        db.onversionchange = () => {
          db.close();
          connection = null;
        };
        db.onclose = () => (connection = null);
        if (db.objectStoreNames.contains(OUTBOX)) return resolve(db);
        db.close();
        connection = null;
        resolve(null);
      };
    });
    return connection;
  }

  async function run<T>(stores: string[], mode: IDBTransactionMode, empty: T, body: Body<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const db = await connect();
      if (!db) return empty;
      let tx: IDBTransaction;
      try {
        tx = db.transaction(stores, mode, { durability: 'relaxed' });
      } catch (error) {
        // Closed under us (a version change between connecting and now): connect again, once.
        connection = null;
        if (attempt > 0) throw error;
        continue;
      }
      return new Promise<T>((resolve, reject) => {
        let value = empty;
        let failure: unknown = null;
        tx.oncomplete = () => resolve(value);
        tx.onabort = () => reject(failure ?? tx.error ?? new DOMException('The offline store was closed', 'AbortError'));
        body(
          tx,
          (answer) => (value = answer),
          (error) => {
            failure = error;
            tx.abort();
          },
        );
      });
    }
  }

  return {
    pending: () =>
      run<OutboxEntry[]>([OUTBOX], 'readonly', [], (tx, answer) => {
        // An index lists records with the same key in primary key order: seq, the send order.
        const request = tx.objectStore(OUTBOX).index('status').getAll('pending');
        request.onsuccess = () => answer(request.result as OutboxEntry[]);
      }),

    rewrite: <T>(seqs: number[], decide: (current: Array<OutboxEntry | undefined>) => Rewrite<T>) =>
      run<T>([OUTBOX, META], 'readwrite', undefined as T, (tx, answer, fail) => {
        const outbox = tx.objectStore(OUTBOX);
        const current: Array<OutboxEntry | undefined> = [];
        const write = () => {
          try {
            const change = decide(current);
            change.entries.forEach((entry, i) => {
              if (entry === null) outbox.delete(seqs[i]);
              else if (entry) outbox.put(entry);
            });
            if (change.meta) tx.objectStore(META).put(change.meta);
            answer(change.result);
          } catch (error) {
            fail(error); // all or nothing: what was already written in this transaction goes too
          }
        };
        if (seqs.length === 0) return write();
        let left = seqs.length;
        seqs.forEach((seq, i) => {
          const request = outbox.get(seq);
          request.onsuccess = () => {
            current[i] = request.result as OutboxEntry | undefined;
            if (--left === 0) write(); // requests of one transaction answer in order: this is the last
          };
        });
      }),

    session: (userId) =>
      run<SessionRow | undefined>([SESSION], 'readonly', undefined, (tx, answer) => {
        const request = tx.objectStore(SESSION).get(userId);
        request.onsuccess = () => answer(request.result as SessionRow | undefined);
      }),

    putSession: (row, replaces) =>
      run<void>([SESSION], 'readwrite', undefined, (tx) => {
        const store = tx.objectStore(SESSION);
        const request = store.get(row.key);
        request.onsuccess = () => {
          if (replaces(request.result as SessionRow | undefined)) store.put(row);
        };
      }),

    deleteSessions: (match) =>
      run<void>([SESSION], 'readwrite', undefined, (tx) => {
        const request = tx.objectStore(SESSION).openCursor();
        request.onsuccess = () => {
          const cursor = request.result;
          if (!cursor) return;
          if (match(cursor.value as SessionRow)) cursor.delete();
          cursor.continue();
        };
      }),

    close: () => {
      void connection?.then((db) => db?.close());
      connection = null;
    },
  };
}
