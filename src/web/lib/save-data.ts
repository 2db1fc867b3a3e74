/**
 * Data saver: on when the browser says so (`navigator.connection.saveData`, the phone's data-saver setting, which also
 * sends `Save-Data: on` to the server) or when the person turned on the app's "Save data" switch (kept on this device,
 * and in a cookie so the server paints pages the same way: src/server/lib/save-data.ts). While on, pictures come at
 * 320 px or only when tapped (components/responsive-image.tsx), links do not preload their screens (router.tsx) and
 * background refreshes are further apart (`backgroundInterval`). The app counts what it did not download this month.
 * No React here: the worker registration (features/pwa/register-sw.ts) reads it on a page the app has not started on;
 * the hooks are in use-save-data.ts.
 */
import { SAVE_DATA_COOKIE } from '../../shared/save-data';

const SWITCH_KEY = 'boafo_save_data';
const SAVED_KEY = 'boafo_data_saved';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function switchedOn(): boolean {
  try {
    return localStorage.getItem(SWITCH_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The browser's own data-saver setting (Chromium on Android; undefined elsewhere). */
function browserSavesData(): boolean {
  const connection = (typeof navigator === 'undefined' ? undefined : navigator) as
    (Navigator & { connection?: { saveData?: boolean } }) | undefined;
  return connection?.connection?.saveData === true;
}

/** Whether the app saves data now. */
export function savingData(): boolean {
  return switchedOn() || browserSavesData();
}

/** Whether the app's own switch is on (the browser's setting cannot be turned off from here). */
export function saveDataSwitch(): boolean {
  return switchedOn();
}

export function setSaveData(on: boolean): void {
  try {
    if (on) localStorage.setItem(SWITCH_KEY, 'on');
    else localStorage.removeItem(SWITCH_KEY);
  } catch {
    // Without storage the cookie still carries it for this device's next pages.
  }
  document.cookie = on
    ? `${SAVE_DATA_COOKIE}=on; path=/; max-age=31536000; samesite=lax`
    : `${SAVE_DATA_COOKIE}=; path=/; max-age=0; samesite=lax`;
  notify();
}

export function onSaveDataChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A background refresh's interval: five times longer while saving data. */
export function backgroundInterval(ms: number): number {
  return savingData() ? ms * 5 : ms;
}

interface Saved {
  month: string;
  bytes: number;
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Bytes not downloaded this month (an estimate: see `estimateSaved`), kept on this device. */
export function savedThisMonth(): number {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null') as Saved | null;
    return saved && saved.month === thisMonth() && Number.isFinite(saved.bytes) ? saved.bytes : 0;
  } catch {
    return 0;
  }
}

const counted = new Set<string>();

/**
 * Adds what one picture did not cost. Once per picture and visit: the browser's cache would have served a second
 * showing of the full picture for nothing too.
 */
export function countSaved(key: string, bytes: number): void {
  if (bytes <= 0 || counted.has(key)) return;
  counted.add(key);
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify({ month: thisMonth(), bytes: savedThisMonth() + bytes }));
  } catch {
    return;
  }
  notify();
}

/**
 * What a phone photo of a width typically weighs as the server re-encodes it (WebP, server/lib/images.ts): the app
 * does not ask the server for the real sizes (that would cost data too). The demo's flat covers weigh far less
 * (about 1.6 KB and 5 KB), so on the demo the figure overstates; on real photos it is the right order.
 */
const TYPICAL_BYTES: Record<number, number> = { 96: 3_000, 320: 14_000, 960: 70_000 };

/**
 * The estimate of what showing `shown` px (0: nothing) instead of the `full` px picture the page would have picked
 * (a phone's screen at 2× picks the widest) saved.
 */
export function estimateSaved(full: number, shown: number): number {
  const weight = (width: number) => TYPICAL_BYTES[width] ?? Math.round((width * width * 9) / 16 / 7);
  return Math.max(0, weight(full) - (shown ? weight(shown) : 0));
}

/** "1.2 MB", "340 KB": the same in every language (the units are what phones' data plans print). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
