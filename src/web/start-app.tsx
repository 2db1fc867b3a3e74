import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { subscribe } from 'valtio';
import { AppErrorBoundary } from './components/error-screens';
import { configureApiClient, refreshAccessToken } from './lib/api-client';
import { pageHasBootAnswers } from './lib/boot-answers';
import type { Takeover } from './lib/page-takeover';
import { deferOfflineStore, openOfflineStore } from './features/offline/store-gate';
import { isLandingPath, nothingStored, whenIdle } from './lib/first-visit';
import { STORAGE_KEYS } from './lib/storage-keys';
import { reloadSession, session, syncSessionFromStorage } from './stores/session-store';
import { leaveScrollToReader, router } from './router';
import { activateLocale, i18n } from './lib/i18n';
import { deviceLocale } from './lib/catalog-loaders';
import { backgroundInterval } from './lib/save-data';

/**
 * Shows the device's language; if its catalog cannot be fetched (offline before the worker kept it), English,
 * and as a last resort the message ids, rather than no app at all.
 */
async function startLanguage(): Promise<void> {
  const locale = deviceLocale();
  try {
    await activateLocale(locale);
  } catch {
    await activateLocale('en').catch(() => {
      i18n.load('en', {});
      i18n.activate('en');
    });
  }
}

/** The app itself: session, router, first render, then the offline store, the worker and realtime. */
export function startApp(rootElement: HTMLElement, takeover: Takeover | null): void {
  // An expired session sends the user to sign in and back to where they were afterwards.
  configureApiClient({
    onSessionExpired: (path) => void router.navigate({ to: '/sign-in', search: { redirect: path } }),
  });

  // Signing in or out in another tab changes this tab too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.access || event.key === STORAGE_KEYS.refresh) reloadSession();
  });
  // A sign-in in another tab between this tab reading localStorage (session-store) and the listener
  // above would otherwise be missed for good: catch up once now.
  syncSessionFromStorage();

  // The first render is a transition: React renders it in slices that yield to the browser instead of
  // one long task, which a cheap phone feels as a frozen page.
  const root = createRoot(rootElement);
  const renderApp = () => {
    takeover?.handOver(rootElement);
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppErrorBoundary>
            <RouterProvider router={router} />
          </AppErrorBoundary>
        </StrictMode>,
      ),
    );
  };
  // A guest's first-load page (a shared link) carries its API answers and shows the server's snapshot:
  // resolving the route first makes React's first render the page itself, not a pending screen then a
  // second full render. Anywhere else the loader may wait on the network, so the app renders at once
  // and shows its skeleton.
  // The same holds whenever the app takes over a painted page: that page stays readable meanwhile.
  // A link tapped on the painted page before the app was up opens at once, in place of the painted page; one tapped
  // while the app gets ready opens the moment it is.
  const tappedLink = takeover?.followLinks((href) => void router.navigate({ href })) ?? null;
  if (tappedLink) {
    router.history.push(tappedLink);
    window.scrollTo(0, 0);
  }
  const snapshotOnScreen = ((pageHasBootAnswers() && !session.access) || takeover !== null) && !tappedLink;
  if (snapshotOnScreen) leaveScrollToReader();
  // The words come first: the first render is in the device's language, never English then Twi.
  const ready = startLanguage().then(() => (snapshotOnScreen ? router.load() : undefined));
  void ready.then(renderApp, renderApp);

  // A guest's first look at the landing page has nothing to queue or sync: the offline store (Dexie)
  // waits until they navigate, sign in or come back with a cart, keeping the landing load small.
  const guestOnLanding = nothingStored() && isLandingPath(window.location.pathname);
  if (guestOnLanding) deferOfflineStore();

  function startOfflineStore(): void {
    openOfflineStore();
    // The outbox first, then the page's one cart sync on top of it (it keeps the device cart the server's).
    void import('./features/offline/start-offline')
      .then(({ startOffline }) => startOffline({ refreshAccess: refreshAccessToken }))
      .then(() => import('./features/cart/cart-runtime'))
      .then(({ cartSync }) => cartSync());
  }

  // Dexie, the outbox and workbox-window load after the first paint: the landing page does not wait for them.
  whenIdle(() => {
    if (!guestOnLanding) startOfflineStore();
    else {
      const stops: Array<() => void> = [];
      const startOnce = () => {
        stops.forEach((stop) => stop());
        startOfflineStore();
      };
      const landingPath = window.location.pathname;
      stops.push(
        router.subscribe('onResolved', (event) => {
          if (event.toLocation.pathname !== landingPath) startOnce();
        }),
      );
      stops.push(
        subscribe(session, () => {
          if (session.access) startOnce();
        }),
      );
    }
    void import('./features/pwa/register-sw').then(({ registerServiceWorker, checkForUpdatesEvery, UPDATE_CHECK_MS }) => {
      registerServiceWorker();
      // Every five hours instead of every hour while saving data.
      checkForUpdatesEvery(backgroundInterval(UPDATE_CHECK_MS));
    });
    // The realtime socket (and the notification list it feeds) only for a signed-in user: a visitor never
    // downloads it. Once loaded it follows sign-in/out itself.
    const startRealtime = () => {
      if (!session.access) return false;
      void import('./features/notifications/realtime/start-realtime').then((m) => m.startRealtime());
      return true;
    };
    if (!startRealtime()) {
      const stopWaiting = subscribe(session, () => {
        if (startRealtime()) stopWaiting();
      });
    }
    sessionStorage.removeItem('boafo-chunk-reload');
  });
}
