/**
 * The pages a guest can read before any of the app's JavaScript runs: the server paints a cause and the cause list
 * (src/server/pages/first-load.ts), and index.html paints the landing hero. The web app's page takeover reads the same
 * list: a link to one of these on a painted page is followed as a plain link (the next painted page comes sooner than
 * the app), while a link anywhere else waits for the app instead of loading a new document that starts it again.
 */
export const PAINTED_CAUSE_PAGE = /^\/causes\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
export const PAINTED_LIST_PAGE = /^\/causelistpage\/?$/;
/** `/` and `/landingpage` (index.html's inline script tests the same paths before first paint). */
export const LANDING_PAGE = /^\/(landingpage\/?)?$/;

export function isPaintedPath(pathname: string): boolean {
  return LANDING_PAGE.test(pathname) || PAINTED_LIST_PAGE.test(pathname) || PAINTED_CAUSE_PAGE.test(pathname);
}
