import { Workbox } from 'workbox-window';
import { offerUpdate } from './stores/pwa-store';

/** Long-lived tabs (a kiosk, a phone left open) should still hear about new versions: this often, or less when saving data. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers sw.js in production builds only: in dev, a worker caching Vite's modules would
 * serve stale code. A new version waits (registerType 'prompt') until the user presses Reload.
 */
let workbox: Workbox | null = null;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Called at idle by a page the app has not started on yet, and again once the app starts: once is enough.
  if (workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;

  wb.addEventListener('waiting', () => {
    offerUpdate(() => {
      // Reload only once the new worker controls the page, so the page and its cache match.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });

  void wb.register();
}

let checking = false;

/**
 * Asks for a new worker every `ms` (each check downloads sw.js when it changed). Called by the running app, which
 * knows whether the reader saves data (lib/save-data.ts): importing that here would make the painted page's idle
 * registration two scripts instead of one.
 */
export function checkForUpdatesEvery(ms: number): void {
  const wb = workbox;
  if (!wb || checking) return;
  checking = true;
  setInterval(() => void wb.update(), ms);
}
