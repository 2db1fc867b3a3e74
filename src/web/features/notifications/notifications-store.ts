import { proxy } from 'valtio';
import type { Notification } from '../../../shared/contract/account';
import { ApiError } from '../../lib/api-client';
import { session } from '../../stores/session-store';
import { toast } from '../../stores/toast-store';
import { adjustUnreadCount, refreshUnreadCount, setUnreadCount } from '../../components/notifications-badge/unread-count';
import { fetchNotificationsPage, fetchNotificationsSince, sendMarkAllRead, sendMarkRead } from './api/notifications-api';
import { markSavedRead, newestSavedAt, readSavedNotifications, saveNotifications } from './api/saved-notifications';
import { t } from '../../lib/i18n';
import { mergeNotifications, sampleNotifications } from './lib/notifications-view';

/**
 * The signed-in user's notifications as the page shows them, fed by three sources: HTTP pages
 * (initial load, Load more), the socket (live prepends) and the socket's catch-up after a reconnect.
 * Everything real is saved in Dexie for offline reading. Module-level, so a notification that
 * arrives while another screen is open is already listed when the user opens /notificationspage.
 */
export type ListSource = 'server' | 'saved' | 'sample';

export interface NotificationsState {
  owner: string | null;
  items: Notification[];
  /** 'loading' only before anything is shown (skeletons); later loads keep the list on screen. */
  phase: 'idle' | 'loading' | 'ready';
  source: ListSource | null;
  /** The last page read from the server (0: none yet). */
  page: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** Polite screen-reader text for the newest live arrival. */
  announcement: string;
}

const initial = (): NotificationsState => ({
  owner: null,
  items: [],
  phase: 'idle',
  source: null,
  page: 0,
  hasMore: false,
  loadingMore: false,
  announcement: '',
});

export const notificationsState = proxy<NotificationsState>(initial());

/** A new user (or none) gets an empty list; the previous user's rows stay only in their own saved copy. */
function ensureOwner(): string | null {
  const owner = session.user_id;
  if (notificationsState.owner !== owner) Object.assign(notificationsState, initial(), { owner });
  return owner;
}

/** Logout, and tests. */
export function resetNotifications(): void {
  Object.assign(notificationsState, initial(), { owner: session.user_id });
}

function isOffline(error: unknown): boolean {
  return navigator.onLine === false || !(error instanceof ApiError);
}

function realItems(): Notification[] {
  return notificationsState.source === 'sample' ? [] : notificationsState.items;
}

function merge(incoming: readonly Notification[]): void {
  notificationsState.items = mergeNotifications(realItems(), incoming);
}

function save(owner: string, items: readonly Notification[]): void {
  void saveNotifications(owner, items).catch(() => {}); // storage full or blocked: the list still shows
}

/** Initial load (spec §4): page 1 from the server; else the saved copy; else samples (spec §8). */
export async function loadFirstPage(): Promise<void> {
  const owner = ensureOwner();
  if (!owner) return;
  if (notificationsState.items.length === 0) notificationsState.phase = 'loading';
  try {
    const { items, hasMore } = await fetchNotificationsPage(1);
    if (session.user_id !== owner) return;
    merge(items);
    Object.assign(notificationsState, { source: 'server', page: 1, hasMore, phase: 'ready' });
    save(owner, items);
  } catch {
    if (session.user_id !== owner) return;
    const saved = await readSavedNotifications(owner).catch(() => [] as Notification[]);
    if (saved.length > 0 || realItems().length > 0) {
      merge(saved);
      notificationsState.source = 'saved';
    } else {
      notificationsState.items = sampleNotifications();
      notificationsState.source = 'sample';
      toast.info(t('notifications.page.samples'));
    }
    Object.assign(notificationsState, { hasMore: false, phase: 'ready' });
  }
}

/** 'Load more': the next server page, merged (new arrivals shift offsets; duplicates collapse by id). */
export async function loadMoreNotifications(): Promise<void> {
  const owner = ensureOwner();
  if (!owner || notificationsState.loadingMore || notificationsState.source !== 'server') return;
  notificationsState.loadingMore = true;
  try {
    const next = notificationsState.page + 1;
    const { items, hasMore } = await fetchNotificationsPage(next);
    if (session.user_id !== owner) return;
    merge(items);
    Object.assign(notificationsState, { page: next, hasMore });
    save(owner, items);
  } catch (error) {
    toast.error(isOffline(error) ? t('notifications.page.moreOffline') : t('notifications.page.moreFailed'));
  } finally {
    notificationsState.loadingMore = false;
  }
}

function known(id: string): boolean {
  return realItems().some((n) => n.id === id);
}

/** Realtime message (spec §4): saved, prepended, badge +1, toast 'New notification received'. */
export function receiveNotification(notification: Notification): void {
  const owner = ensureOwner();
  if (!owner) return;
  const isNew = !known(notification.id);
  const wasSample = notificationsState.source === 'sample';
  merge([notification]);
  if (wasSample) notificationsState.source = 'server';
  save(owner, [notification]);
  if (!isNew) return;
  if (!notification.is_read) adjustUnreadCount(1);
  notificationsState.announcement = t('notifications.live.announce', { title: notification.title, message: notification.message });
  toast.info(t('notifications.live.received'));
  // Samples were showing because the server could not answer; it can now, so load the real first page.
  if (wasSample) void loadFirstPage();
}

/**
 * After every (re)connect: what arrived while the socket was down. Asks for everything after the
 * newest notification this device has (list or saved copy); with none, page 1. The unread count is
 * re-read from the server, which knows about reads made on other devices too.
 */
export async function catchUpNotifications(): Promise<void> {
  const owner = ensureOwner();
  if (!owner) return;
  const listed = realItems()[0]?.created_at ?? null;
  const saved = await newestSavedAt(owner).catch(() => null);
  const newest =
    [listed, saved]
      .filter((t): t is string => Boolean(t))
      .sort()
      .pop() ?? null;
  let items: Notification[];
  try {
    if (newest) {
      try {
        items = await fetchNotificationsSince(newest);
      } catch (error) {
        // A server without `since` (or one that refuses it): page 1 covers the usual short outage.
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        items = (await fetchNotificationsPage(1)).items;
      }
    } else {
      items = (await fetchNotificationsPage(1)).items;
    }
  } catch {
    return; // the next reconnect tries again
  }
  if (session.user_id !== owner) return;
  const fresh = newest ? items.filter((n) => n.created_at > newest && !known(n.id)) : [];
  const wasSample = notificationsState.source === 'sample';
  merge(items);
  if (wasSample) notificationsState.source = 'server';
  save(owner, items);
  if (fresh.length > 0) {
    const latest = fresh[0];
    notificationsState.announcement =
      fresh.length === 1
        ? t('notifications.live.announce', { title: latest.title, message: latest.message })
        : t('notifications.live.announceMany', { count: fresh.length });
    toast.info(t('notifications.live.received'));
  }
  void refreshUnreadCount();
  if (wasSample) void loadFirstPage();
}

/** Mark one read: at once on screen, in the saved copy and on the badge; the call goes through the outbox. */
export function markNotificationRead(id: string): void {
  const item = notificationsState.items.find((n) => n.id === id);
  if (!item || item.is_read) return;
  item.is_read = true;
  if (notificationsState.source === 'sample') return; // samples exist only on this screen
  adjustUnreadCount(-1);
  const owner = notificationsState.owner;
  if (owner) void markSavedRead(owner, [id]).catch(() => {});
  void sendMarkRead(id).catch(() => {});
}

/** 'Mark all as read'. */
export function markAllNotificationsRead(): void {
  for (const item of notificationsState.items) item.is_read = true;
  if (notificationsState.source === 'sample') return;
  setUnreadCount(0);
  const owner = notificationsState.owner;
  if (owner) void markSavedRead(owner, 'all').catch(() => {});
  void sendMarkAllRead().catch(() => {});
}
