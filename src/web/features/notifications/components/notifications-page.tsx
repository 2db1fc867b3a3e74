import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Notification } from '../../../../shared/contract/account';
import { formatDateTime } from '../../../../shared/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { liveActions, liveState, type LiveStatus } from '../../../components/notifications-badge/live-status';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useLocale, useT } from '../../../lib/i18n';
import { searchNotifications } from '../lib/notifications-view';
import {
  loadFirstPage,
  loadMoreNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsState,
} from '../notifications-store';
import '../notifications.css';

const STATUS_TEXT: Partial<Record<LiveStatus, WebMessageId>> = {
  connecting: 'notifications.live.connecting',
  live: 'notifications.live.on',
  reconnecting: 'notifications.live.reconnecting',
  offline: 'notifications.live.offline',
  stopped: 'notifications.live.stopped',
};

/** One quiet line about the socket; a Reconnect button once the client has given up (spec §9). */
export function LiveStatusLine() {
  const { status } = useSnapshot(liveState);
  const t = useT();
  const textId = STATUS_TEXT[status];
  if (!textId) return null;
  const text = t(textId);
  return (
    <div className={`live-status live-status--${status}`}>
      <span className="live-status__dot" aria-hidden="true" />
      <span>{text}</span>
      {status === 'stopped' ? (
        <button type="button" className="button button--small button--secondary" onClick={() => liveActions.reconnect()}>
          {t('notifications.live.reconnect')}
        </button>
      ) : null}
    </div>
  );
}

function NotificationItem({ item }: { item: Notification }) {
  const t = useT();
  const locale = useLocale();
  const unread = !item.is_read;
  const heading = (
    <>
      {unread ? (
        <>
          <span className="visually-hidden">{t('notifications.item.unread')}</span>{' '}
        </>
      ) : null}
      {item.title || item.message}
    </>
  );
  return (
    <li className={unread ? 'notification-item is-unread' : 'notification-item'}>
      <span className="notification-item__dot" aria-hidden="true" />
      <div className="notification-item__body">
        <p className="notification-item__title">
          {/* By kind, not title: the words are in the reader's language. The invitation is answered on this page. */}
          {item.cause_id && item.kind === 'withdrawal_approval' ? (
            // A treasurer decides on the cause's withdrawals page.
            <Link to="/causes/$id/withdrawals" params={{ id: item.cause_id }} onClick={() => markNotificationRead(item.id)}>
              {heading}
            </Link>
          ) : item.cause_id && item.kind !== 'treasurer_invitation' ? (
            // Opening the cause also marks the notification read.
            <Link to="/causes/$id" params={{ id: item.cause_id }} onClick={() => markNotificationRead(item.id)}>
              {heading}
            </Link>
          ) : (
            heading
          )}
        </p>
        {item.title && item.message ? <p className="notification-item__message">{item.message}</p> : null}
        <p className="notification-item__meta">
          {item.cause && !item.message.includes(item.cause) ? <span>{item.cause} · </span> : null}
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, locale)}</time>
        </p>
      </div>
      {unread ? (
        <button
          type="button"
          className="button button--small button--secondary notification-item__read"
          aria-label={t('notifications.item.markReadLabel', { title: item.title || item.message })}
          onClick={() => markNotificationRead(item.id)}
        >
          {t('notifications.item.markRead')}
        </button>
      ) : null}
    </li>
  );
}

function Skeletons() {
  return (
    <div className="notification-skeletons" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="notification-item skeleton">
          <span className="skeleton__line skeleton__line--short" />
          <span className="skeleton__line" />
        </div>
      ))}
    </div>
  );
}

/** Spec §2 /notificationspage: 'Your notifications' with search, read state, live prepends and Load more. */
export function NotificationsPage() {
  const t = useT();
  useDocumentTitle(t('notifications.page.title'));
  const state = useSnapshot(notificationsState);
  const online = useOnline();
  const [search, setSearch] = useState('');

  useEffect(() => {
    void loadFirstPage();
  }, []);

  const items = state.items as Notification[];
  const shown = searchNotifications(items, search);
  const trimmed = search.trim();
  const unread = items.filter((n) => !n.is_read).length;
  const loading = state.phase !== 'ready' && items.length === 0;

  return (
    <div className="notifications-page">
      <div className="notifications-page__head">
        <h1>{t('notifications.page.title')}</h1>
        <button type="button" className="button button--small button--primary" disabled={unread === 0} onClick={markAllNotificationsRead}>
          {t('notifications.page.markAllRead')}
        </button>
      </div>
      <LiveStatusLine />

      <form className="notifications-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="notification-search">{t('notifications.page.searchLabel')}</label>
        <input
          id="notification-search"
          type="search"
          placeholder={t('notifications.page.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>

      {state.source === 'saved' ? (
        <p className="notice notifications-notice" role="status">
          {online ? t('notifications.page.savedUnreachable') : t('notifications.page.savedOffline')}
        </p>
      ) : null}
      {state.source === 'sample' ? (
        <p className="notice notifications-notice" role="status">
          {t('notifications.page.samplesNotice')}
        </p>
      ) : null}

      {/* New arrivals are read out without moving focus (the toast says only that something came). */}
      <p className="visually-hidden" aria-live="polite">
        {state.announcement}
      </p>

      <section aria-labelledby="notification-list-heading" aria-busy={state.phase === 'loading'}>
        <h2 id="notification-list-heading" className="visually-hidden">
          {t('notifications.page.listHeading', { count: unread })}
        </h2>
        {loading ? (
          <>
            <p className="visually-hidden">{t('notifications.page.loading')}</p>
            <Skeletons />
          </>
        ) : shown.length === 0 ? (
          <p className="notifications-empty">
            {trimmed && items.length > 0 ? t('notifications.page.noResults', { search: trimmed }) : t('notifications.page.empty')}
          </p>
        ) : (
          <ul className="notification-list">
            {shown.map((item) => (
              <NotificationItem key={item.id} item={item} />
            ))}
          </ul>
        )}
        {state.source === 'server' && state.hasMore ? (
          <button
            type="button"
            className="button button--secondary notifications-more"
            disabled={state.loadingMore}
            onClick={() => void loadMoreNotifications()}
          >
            {state.loadingMore ? t('notifications.page.loadingMore') : t('notifications.page.loadMore')}
          </button>
        ) : null}
      </section>
    </div>
  );
}
