import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Notification } from '../../../../shared/contract/account';
import { formatDateTime } from '../../../../shared/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { liveActions, liveState, type LiveStatus } from '../../../components/notifications-badge/live-status';
import { NOTIFICATION_TEXT, searchNotifications } from '../lib/notifications-view';
import {
  loadFirstPage,
  loadMoreNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsState,
} from '../notifications-store';
import '../notifications.css';

const STATUS_TEXT: Partial<Record<LiveStatus, string>> = {
  connecting: 'Connecting to live updates…',
  live: 'Live updates on',
  reconnecting: 'Live updates interrupted. Reconnecting…',
  offline: 'Offline. New notifications will appear when you are back online.',
  stopped: 'Live updates stopped.',
};

/** One quiet line about the socket; a Reconnect button once the client has given up (spec §9). */
export function LiveStatusLine() {
  const { status } = useSnapshot(liveState);
  const text = STATUS_TEXT[status];
  if (!text) return null;
  return (
    <div className={`live-status live-status--${status}`}>
      <span className="live-status__dot" aria-hidden="true" />
      <span>{text}</span>
      {status === 'stopped' ? (
        <button type="button" className="button button--small button--secondary" onClick={() => liveActions.reconnect()}>
          Reconnect
        </button>
      ) : null}
    </div>
  );
}

/** Treasurer notifications (repositories/treasurers.ts, withdrawals.ts): the invitation is answered on this page. */
const APPROVAL_TITLE = 'Withdrawal needs your approval';
const INVITATION_TITLE = 'Treasurer invitation';

function NotificationItem({ item }: { item: Notification }) {
  const unread = !item.is_read;
  const heading = (
    <>
      {unread ? (
        <>
          <span className="visually-hidden">Unread:</span>{' '}
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
          {item.cause_id && item.title === APPROVAL_TITLE ? (
            // A treasurer decides on the cause's withdrawals page.
            <Link to="/causes/$id/withdrawals" params={{ id: item.cause_id }} onClick={() => markNotificationRead(item.id)}>
              {heading}
            </Link>
          ) : item.cause_id && item.title !== INVITATION_TITLE ? (
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
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
        </p>
      </div>
      {unread ? (
        <button
          type="button"
          className="button button--small button--secondary notification-item__read"
          aria-label={`Mark "${item.title || item.message}" as read`}
          onClick={() => markNotificationRead(item.id)}
        >
          Mark as read
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
  useDocumentTitle('Your notifications');
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
        <h1>Your notifications</h1>
        <button type="button" className="button button--small button--primary" disabled={unread === 0} onClick={markAllNotificationsRead}>
          Mark all as read
        </button>
      </div>
      <LiveStatusLine />

      <form className="notifications-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="notification-search">Search notifications</label>
        <input
          id="notification-search"
          type="search"
          placeholder="Search by message, title or cause"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>

      {state.source === 'saved' ? (
        <p className="notice notifications-notice" role="status">
          {online ? 'Could not reach the server' : 'You are offline'} — showing notifications saved on this device.
        </p>
      ) : null}
      {state.source === 'sample' ? (
        <p className="notice notifications-notice" role="status">
          {NOTIFICATION_TEXT.samples}: your notifications could not be loaded.
        </p>
      ) : null}

      {/* New arrivals are read out without moving focus (the toast says only that something came). */}
      <p className="visually-hidden" aria-live="polite">
        {state.announcement}
      </p>

      <section aria-labelledby="notification-list-heading" aria-busy={state.phase === 'loading'}>
        <h2 id="notification-list-heading" className="visually-hidden">
          Notifications{unread ? `, ${unread} unread` : ''}
        </h2>
        {loading ? (
          <>
            <p className="visually-hidden">Loading notifications…</p>
            <Skeletons />
          </>
        ) : shown.length === 0 ? (
          <p className="notifications-empty">
            {trimmed && items.length > 0 ? NOTIFICATION_TEXT.noResults(trimmed) : NOTIFICATION_TEXT.empty}
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
            {state.loadingMore ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </section>
    </div>
  );
}
