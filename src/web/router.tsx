import { createRouter } from '@tanstack/react-router';
import { PendingScreen } from './components/pending-screen';
import { UnexpectedErrorScreen } from './components/error-screens';
import { routeTree } from './route-tree.gen';
import { onSaveDataChange, savingData } from './lib/save-data';

/**
 * Whether the window's scroll belongs to the reader rather than the router. The router restores a
 * page's scroll on back and forward and starts every new page at the top, also on its own first render.
 * On a page the server painted, the visitor was reading before the app started (their first scroll is
 * often what started it): resetting the window then throws them back to the top, mid-story. So until
 * they go to another page, the router leaves the scroll where the reader has it.
 */
let readerOwnsScroll = false;

export const router = createRouter({
  routeTree,
  // Hovering or focusing a link starts loading that route's chunk, so most navigations feel instant; not while
  // saving data (lib/save-data.ts), where a screen's code is fetched only when the reader actually opens it.
  defaultPreload: savingData() ? false : 'intent',
  defaultPendingComponent: PendingScreen,
  defaultErrorComponent: UnexpectedErrorScreen,
  scrollRestoration: () => !readerOwnsScroll,
});

onSaveDataChange(() => router.update({ ...router.options, defaultPreload: savingData() ? false : 'intent' }));

/** The app is taking over a page the visitor is already reading: see `readerOwnsScroll`. */
export function leaveScrollToReader(): void {
  readerOwnsScroll = true;
  const stop = router.subscribe('onBeforeNavigate', (event) => {
    if (!event.fromLocation || event.fromLocation.pathname === event.toLocation.pathname) return;
    readerOwnsScroll = false;
    stop();
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
