import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { UnreadCount } from '../../../shared/contract/account';
import { api } from '../../lib/api-client';
import { session } from '../../stores/session-store';
import { liveState } from './live-status';
import { backgroundInterval } from '../../lib/save-data';

/**
 * The signed-in user's unread notification count, shared by every badge on the page.
 * GET /api/notifications/unread-count/ → {count} is the truth; between reads the realtime client and
 * the notifications page move it (a new notification +1, mark read −1, mark all 0), so the bell is
 * live without waiting for the next poll. Failures are silent (spec §8: dashboard loads are silent):
 * offline, the count of unread notifications saved on this device stands in until the server answers.
 * null means "not known yet".
 */
export const unreadState = proxy<{ count: number | null }>({ count: null });

const POLL_MS = 60_000;
let inFlight: Promise<boolean> | null = null;

/** Unread rows in the device's saved copy (Dexie, loaded only when the server cannot answer). */
async function savedUnreadCount(owner: string): Promise<number | null> {
  try {
    const { getDb } = await import('../../features/offline/db');
    return await getDb()
      .notifications.where('_owner')
      .equals(owner)
      .filter((row) => row.is_read === false)
      .count();
  } catch {
    return null;
  }
}

/** Resolves true when the server answered (the realtime client uses that as "the server is back"). */
export function refreshUnreadCount(): Promise<boolean> {
  const owner = session.user_id;
  if (!session.access) return Promise.resolve(false);
  inFlight ??= api
    .get<UnreadCount>('/api/notifications/unread-count/')
    .then((data) => {
      if (typeof data?.count === 'number') unreadState.count = data.count;
      return true;
    })
    .catch(async () => {
      if (unreadState.count !== null || !owner) return false;
      const saved = await savedUnreadCount(owner);
      if (saved !== null && unreadState.count === null && session.user_id === owner) unreadState.count = saved;
      return false;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Tells the badges what a screen already knows (e.g. DashboardSummary.unread_notifications). */
export function setUnreadCount(count: number): void {
  unreadState.count = count;
}

/** +1 for a new unread notification, −1 when one is read; never below 0. Unknown stays unknown. */
export function adjustUnreadCount(delta: number): void {
  if (unreadState.count === null) return;
  unreadState.count = Math.max(0, unreadState.count + delta);
}

/**
 * Live unread count: loads on mount and when the tab comes back into view; polls every minute only
 * while the realtime socket is not live (when it is, every new notification already arrives over it).
 */
export function useUnreadCount(): number | null {
  const { count } = useSnapshot(unreadState);
  useEffect(() => {
    void refreshUnreadCount();
    const timer = setInterval(() => {
      // Live: arrivals come over the socket. Stopped: the realtime client's recovery probe reads it.
      if (liveState.status !== 'live' && liveState.status !== 'stopped') void refreshUnreadCount();
    }, backgroundInterval(POLL_MS)); // five minutes while saving data (lib/save-data.ts)
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUnreadCount();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return count;
}
