import { useSnapshot } from 'valtio';
import { useT } from '../../../lib/i18n';
import { promptInstall, pwaState } from '../stores/pwa-store';

/** Only rendered after the browser said the app is installable (beforeinstallprompt). */
export function InstallButton() {
  const { canInstall } = useSnapshot(pwaState);
  const t = useT();
  if (!canInstall) return null;
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => void promptInstall()}>
      {t('pwa.install')}
    </button>
  );
}
