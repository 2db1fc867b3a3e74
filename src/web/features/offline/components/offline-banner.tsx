import { useOnline } from '../../../lib/use-online';
import './offline.css';

/** A live region that is always present, so the message is announced when the connection drops. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'offline-banner offline-banner--hidden' : 'offline-banner'}>
      {online ? null : 'You are offline. Changes are saved on this device and will sync when you are back online.'}
    </div>
  );
}
