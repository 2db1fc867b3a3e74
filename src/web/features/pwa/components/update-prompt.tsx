import { useSnapshot } from 'valtio';
import { applyUpdate, pwaState } from '../stores/pwa-store';

/** Shown when a new service worker is waiting; nothing changes under the user until they choose. */
export function UpdatePrompt() {
  const { updateAvailable } = useSnapshot(pwaState);
  if (!updateAvailable) return null;
  return (
    <aside className="app-notice app-notice--update" aria-label="App update">
      <p>A new version of Boafo is available.</p>
      <button type="button" className="button button--primary button--small" onClick={applyUpdate}>
        Reload
      </button>
    </aside>
  );
}
