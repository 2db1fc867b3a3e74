import { useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/use-online';
import './offline.css';

/** A live region that is always present, so the message is announced when the connection drops. */
export function OfflineBanner() {
  const online = useOnline();
  const t = useT();
  return (
    <div role="status" className={online ? 'offline-banner offline-banner--hidden' : 'offline-banner'}>
      {online ? null : t('offline.banner')}
    </div>
  );
}
