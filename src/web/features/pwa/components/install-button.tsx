import { useSnapshot } from 'valtio';
import { promptInstall, pwaState } from '../stores/pwa-store';

/** Only rendered after the browser said the app is installable (beforeinstallprompt). */
export function InstallButton() {
  const { canInstall } = useSnapshot(pwaState);
  if (!canInstall) return null;
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => void promptInstall()}>
      Install app
    </button>
  );
}
