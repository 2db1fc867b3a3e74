import type { BatchSpec, OutboxEntry } from './db';

/** The outbox's contract with the features that queue changes and the runners that send them. */

/**
 * Why an entry waits or failed, as the outbox records it (in English: the service worker runs the outbox too and
 * carries no catalogs); the sync panel words these in the reader's language.
 */
export const OUTBOX_REASONS = { signIn: 'Waiting for a valid sign-in', refused: 'Refused by the server.' } as const;

export interface Mutation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  label?: string;
}

export interface QueueInput extends Mutation {
  owner: string | null;
  ownerLabel?: string | null;
  coalesceKey?: string;
  batch?: BatchSpec;
  meta?: Record<string, unknown>;
}

/** For a coalescing put: what to do with the entry already waiting for the same key. */
export type CoalesceDecision = 'replace' | 'cancel';

export interface WaitingAccount {
  owner: string;
  label: string | null;
  count: number;
}

export interface SyncStatus {
  /** Entries the viewer (or a guest before them) queued that are still to be sent. */
  pending: number;
  failed: number;
  /** Failed entries stay until the user retries or discards them. */
  failedEntries: OutboxEntry[];
  pendingEntries: OutboxEntry[];
  /** Changes queued by other accounts on this device: they wait for their owner's sign-in. */
  waitingForOthers: WaitingAccount[];
  lastSyncedAt: number | null;
  flushing: boolean;
}

export interface FlushResult {
  sent: number;
  failed: number;
  /** Why the flush ended: nothing it can send, the head is waiting for its retry time, a send just failed, or offline. */
  stopped: 'empty' | 'waiting' | 'retry' | 'offline';
  /** Entries left for owners this runner has no token for. */
  held: number;
}

/** Where a runner gets an owner's token: the page knows its own session, everyone can read the stored rows. */
export interface TokenSource {
  tokenFor(owner: string): Promise<string | null>;
  /** After a 401 with `failed`: a fresh token, or null (the entries wait). */
  refresh(owner: string, failed: string | null): Promise<string | null>;
}

/** A successful answer, for features that apply it (the cart replaces its lines with the server's). */
export interface SentAnswer {
  owner: string | null;
  entries: OutboxEntry[];
  batch?: BatchSpec;
  status: number;
  body: unknown;
  replayed: boolean;
}
