/**
 * Whether this page may open IndexedDB yet. Dexie is the largest piece of JavaScript after React
 * and the router; a guest's first look at the landing page has nothing to queue or sync, so
 * main.tsx defers the offline store there until they navigate, sign in or start a cart. Mirror
 * writes made meanwhile wait here and run once the store opens; reads (offline fallbacks) never
 * wait. Open by default, so any other entry point (tests, the service worker) is unaffected.
 */
let release: (() => void) | null = null;
let gate: Promise<void> = Promise.resolve();

export function deferOfflineStore(): void {
  if (release) return;
  gate = new Promise<void>((resolve) => {
    release = resolve;
  });
}

export function openOfflineStore(): void {
  release?.();
  release = null;
}

/** Resolves when mirror writes may open IndexedDB. */
export function offlineStoreOpen(): Promise<void> {
  return gate;
}
