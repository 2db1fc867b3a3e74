/**
 * What start-up asks about this visit, in one place for the entry (main.tsx) and the app
 * (start-app.tsx): is this the landing page, has this visitor anything on the device, and
 * "later, when the browser is idle".
 */
import { LANDING_PAGE } from '../../shared/painted-pages';
import { STORAGE_KEYS } from './storage-keys';

/** `/` and `/landingpage` (index.html's inline script tests the same paths before first paint). */
export function isLandingPath(pathname: string): boolean {
  return LANDING_PAGE.test(pathname);
}

/** A guest with nothing to queue or sync: no session and no cart on this device. */
export function nothingStored(): boolean {
  try {
    return !localStorage.getItem(STORAGE_KEYS.access) && !localStorage.getItem(STORAGE_KEYS.cartId);
  } catch {
    return true; // storage refused (some private modes): nothing can be stored either
  }
}

/** Runs `work` when the browser is idle (a short timer where requestIdleCallback is missing). */
export function whenIdle(work: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(work);
  else setTimeout(work, 200);
}
