import { SAVE_DATA_COOKIE } from '../../shared/save-data';
import { cookieValue } from './i18n';

/** The request header whose value the painted pages depend on (with Cookie, for the app's switch). */
export const SAVE_DATA_VARY = 'Save-Data';

/**
 * Whether this request asks to save data: the browser's `Save-Data: on` (a data-saver setting on the phone), or the
 * app's "Save data" switch, which the app keeps in a cookie so pages painted here follow it too.
 */
export function savesData(headers: { cookie?: string; 'save-data'?: string | string[] }): boolean {
  const header = headers['save-data'];
  if (typeof header === 'string' && header.trim().toLowerCase() === 'on') return true;
  return cookieValue(headers.cookie, SAVE_DATA_COOKIE) === 'on';
}
