/**
 * The page's only eager script. It decides when the app starts:
 * - at once, for anyone with something on this device (a session, a cart) and on every page the
 *   server did not paint;
 * - on a visitor's first interaction, for a guest on a page the server painted (a shared cause, the
 *   cause list, the landing hero): see lib/page-takeover.ts. The service worker still registers
 *   when the browser is idle, so the next visit works offline.
 */
import './styles/global.css';
// index.html's static landing hero is drawn with the landing page's own styles.
import './features/landing/landing.css';
import { captureInstallPrompt } from './features/pwa/stores/pwa-store';
import { pageHasBootAnswers } from './lib/boot-answers';
import { awaitVisitor, nextInteraction } from './lib/page-takeover';
import { isLandingPath, nothingStored, whenIdle } from './lib/first-visit';
import { deviceLocale, loadCatalog } from './lib/catalog-loaders';
// In this entry, not in register-sw, so the idle registration on a painted page is one script, not two.
import { tellWorkerLanguage, tellWorkerToKeep } from './lib/worker-language';

captureInstallPrompt();

// After a deploy, an old tab may ask for chunks that no longer exist: reload once to get the new app.
// Not while offline: there a reload without the worker is the browser's error page, not an update.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine || sessionStorage.getItem('boafo-chunk-reload')) return;
  sessionStorage.setItem('boafo-chunk-reload', '1');
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root')!;
const painted = pageHasBootAnswers() || isLandingPath(window.location.pathname);
// Offline, the app is what says so and reads the device's copy of the causes: no reason to wait.
const waitForVisitor = nothingStored() && painted && navigator.onLine;

const takeover = waitForVisitor ? awaitVisitor(root) : null;
/**
 * Loads and starts the app; if its code cannot be fetched (the network dropped), a link the visitor tapped meanwhile is
 * followed as a plain link, else it tries again on the next interaction.
 */
function start(): void {
  // The language's catalog downloads beside the app's code, not after it (start-app waits for both).
  loadCatalog(deviceLocale()).catch(() => undefined);
  import('./start-app').then(
    ({ startApp }) => startApp(root, takeover),
    () => {
      const held = takeover?.heldLink();
      if (held) window.location.assign(held);
      else void nextInteraction().then(start);
    },
  );
}

if (takeover) {
  whenIdle(
    () =>
      void import('./features/pwa/register-sw').then(({ registerServiceWorker }) => {
        registerServiceWorker();
        // A visitor who reads a painted page and leaves before the app starts still gets their language offline.
        tellWorkerLanguage(deviceLocale());
        tellWorkerToKeep();
      }),
  );
  void takeover.woken.then(start);
} else {
  start();
}
