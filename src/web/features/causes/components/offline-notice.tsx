import { useT } from '../../../lib/i18n';

/** Shown whenever causes come from the device's mirror instead of the server. */
export function OfflineCausesNotice() {
  const t = useT();
  return (
    <p className="notice" role="status">
      {t('causes.offlineNotice')}
    </p>
  );
}
