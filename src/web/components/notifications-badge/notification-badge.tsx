import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useT } from '../../lib/i18n';
import { liveActions, liveState } from './live-status';
import { useUnreadCount } from './unread-count';
import './notification-badge.css';

/**
 * Bell linking to /notificationspage with the real unread count (replaces the spec's fixed 9 and 6),
 * kept live by the realtime client. When that client has given up (spec §9: 5 attempts), a small
 * Reconnect button sits beside the bell; otherwise nothing about the connection shows here.
 */
export function NotificationBadge() {
  const count = useUnreadCount();
  const { status } = useSnapshot(liveState);
  const t = useT();
  const label = count === null ? t('shell.bell.label') : t('shell.bell.unread', { count });
  return (
    <>
      {status === 'stopped' ? (
        <button type="button" className="live-reconnect" title={t('shell.bell.stopped')} onClick={() => liveActions.reconnect()}>
          <span className="live-reconnect__dot" aria-hidden="true" />
          {t('shell.bell.reconnect')} <span className="visually-hidden">{t('shell.bell.reconnectWhat')}</span>
        </button>
      ) : null}
      <Link to="/notificationspage" className="icon-badge" aria-label={label} title={t('shell.bell.label')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6zm0 19a2.6 2.6 0 0 0 2.5-2h-5A2.6 2.6 0 0 0 12 22z"
            fill="currentColor"
          />
        </svg>
        {count ? (
          <span className="icon-badge__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    </>
  );
}

/** Cart icon with the device cart's line count, linking to /cartpage. The count comes from the caller. */
export function CartBadge({ count }: { count: number }) {
  const t = useT();
  return (
    <Link to="/cartpage" className="icon-badge" aria-label={t('shell.cartBadge.label', { count })} title={t('shell.cartBadge.title')}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2M10 20.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm9 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count ? (
        <span className="icon-badge__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
