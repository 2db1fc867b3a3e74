import { useSnapshot } from 'valtio';
import { useT } from '../../../lib/i18n';
import { applyUpdate, pwaState } from '../stores/pwa-store';

/** Shown when a new service worker is waiting; nothing changes under the user until they choose. */
export function UpdatePrompt() {
  const { updateAvailable } = useSnapshot(pwaState);
  const t = useT();
  if (!updateAvailable) return null;
  return (
    <aside className="app-notice app-notice--update" aria-label={t('pwa.update.label')}>
      <p>{t('pwa.update.text')}</p>
      <button type="button" className="button button--primary button--small" onClick={applyUpdate}>
        {t('pwa.update.reload')}
      </button>
    </aside>
  );
}
