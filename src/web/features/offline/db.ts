import Dexie, { type EntityTable } from 'dexie';

/**
 * The one IndexedDB database, shared by the page and the service worker (both import this file).
 * Version 1 declares every table later issues need so they only add indexes in new versions,
 * never rename or move data. Only primary keys and queried fields are indexed.
 */

/**
 * One signed-in account's tokens, keyed by its user id, mirrored from localStorage so the service
 * worker (which has no localStorage) and any tab can send a queued change with ITS OWNER's token.
 * Rows are per account, never "the current session": tabs that disagree about who is signed in
 * (one still a guest) cannot overwrite each other's identity. Removed when that account signs out.
 */
export interface SessionRow {
  key: string;
  userId: string;
  access: string;
  refresh: string | null;
  email?: string | null;
  /** The access token's `iat`: a write never replaces a newer pair with an older one. */
  issuedAt: number;
  updatedAt: number;
}

export type OutboxStatus = 'pending' | 'failed';

/**
 * Entries that go out together: every pending entry with the same owner and spec is sent as ONE
 * request `{...base, [field]: [body, body, …]}`; the answer may list items it refused in
 * `refused: [{[itemKey]: …, detail}]`.
 */
export interface BatchSpec {
  url: string;
  field: string;
  base: Record<string, unknown>;
  itemKey: string;
}

/** A mutation made while offline or not yet confirmed by the server. */
export interface OutboxEntry {
  /** Auto-increment: the send order. */
  seq?: number;
  method: string;
  /** API path like "/api/cart/add/"; resolved against the API base when sent. */
  url: string;
  /** JSON-serialisable body; files are not queued. */
  body?: unknown;
  /** Sent on every attempt so the server applies the mutation once however often it arrives. */
  idempotencyKey: string;
  /** The user id signed in when it was queued (null for a guest): it is only sent as that user. */
  owner?: string | null;
  /** How the owner is shown while their changes wait for them ("waiting for ama@…"). */
  ownerLabel?: string | null;
  /** What the donor reads in the sync panel ("Surgery for Kwame × 3"). */
  label?: string;
  /** Entries with the same key (and owner) collapse while they wait: the latest body wins. */
  coalesceKey?: string;
  /** Bumped by each coalesced edit: an answer only settles the version that was sent. */
  rev?: number;
  batch?: BatchSpec;
  /** The Idempotency-Key of the batch this entry was last sent in; cleared when its body changes. */
  batchKey?: string | null;
  /** The queuing feature's own notes (the cart: whether the line was new on the device). */
  meta?: Record<string, unknown>;
  createdAt: number;
  /** When its body last changed (coalescing). */
  updatedAt?: number;
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  lastStatus?: number;
  lastError?: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Cached API records for later issues: the record as the API returned it, keyed by its id. */
export interface CachedRecord {
  id: string;
  [field: string]: unknown;
}

/** Landing content (success stories, blog posts, ...) as last fetched, one row per endpoint. */
export interface ContentRow {
  key: string;
  value: unknown;
  savedAt: number;
}

/** A receipt or statement PDF as last downloaded, so it opens again offline. */
export interface SavedPdfRow {
  /** `${owner}|${path without the signature}`: one copy per document and person. */
  key: string;
  /** The user id that downloaded it, or '' for a guest. */
  owner: string;
  filename: string;
  bytes: ArrayBuffer;
  savedAt: number;
}

/** The tables and indexes at version 5 (the last with an upgrade function); version 7 adds two tables. */
const STORES_V5 = {
  session: 'key',
  outbox: '++seq, status, coalesceKey',
  meta: 'key',
  causes: 'id, status, created_at, organizer_id, category_id, _mirrored_at',
  cart: 'id',
  donations: 'id, _owner',
  notifications: 'id, _owner, [_owner+created_at]',
  content: 'key',
};

export class BoafoDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  causes!: EntityTable<CachedRecord, 'id'>;
  cart!: EntityTable<CachedRecord, 'id'>;
  donations!: EntityTable<CachedRecord, 'id'>;
  notifications!: EntityTable<CachedRecord, 'id'>;
  content!: EntityTable<ContentRow, 'key'>;
  receipts!: EntityTable<SavedPdfRow, 'key'>;
  causeUpdates!: EntityTable<CachedRecord, 'id'>;

  constructor(name = 'boafo') {
    // 'relaxed' (the OS flushes on its own schedule) is the default of Chrome ≥ 121, Firefox and
    // Safari; older Chromium (phones that update slowly) flushed every commit, which made each cart
    // click wait for the disk. A transaction is still all-or-nothing either way.
    super(name, { chromeTransactionDurability: 'relaxed' });
    // Only versions with an upgrade function stay declared (Dexie diffs any older database against
    // the real schema it finds): every extra version is parsed on each open, on the page's start-up path.
    // Version 5 (coalescing outbox issue): tokens are kept per account instead of one shared "current" row.
    this.version(5)
      .stores(STORES_V5)
      .upgrade(async (tx) => {
        const table = tx.table('session');
        const old = (await table.get('current')) as { access?: string | null; refresh?: string | null; userId?: string | null } | undefined;
        await table.delete('current');
        if (old?.access && old.userId) {
          await table.put({
            key: old.userId,
            userId: old.userId,
            access: old.access,
            refresh: old.refresh ?? null,
            issuedAt: 0,
            updatedAt: Date.now(),
          });
        }
      });
    // Version 7, the current schema. What each index is for:
    // - causes: the fields the offline list sorts and filters by;
    // - donations/notifications `_owner`: saved history belongs to the user who fetched it, so one
    //   person's never shows for the next person on a shared phone; `[_owner+created_at]` finds the
    //   newest notification for the socket's catch-up without reading the whole table;
    // - outbox `coalesceKey`: queued changes coalesce (one entry per cart line);
    // - receipts: the last downloaded receipt and statement PDFs, newest kept;
    // - causeUpdates: updates of causes read online, for reading offline, one cause's newest first.
    this.version(7).stores({ ...STORES_V5, receipts: 'key, savedAt', causeUpdates: 'id, cause_id, [cause_id+created_at]' });
  }
}

let shared: BoafoDb | null = null;

/** The app-wide instance (page or worker); tests build their own with `new BoafoDb(name)`. */
export function getDb(): BoafoDb {
  shared ??= new BoafoDb();
  return shared;
}
