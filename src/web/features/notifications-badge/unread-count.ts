import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { api } from '../../lib/api-client';
import { session } from '../../stores/session-store';

/**
 * The signed-in user's unread notification count, shared by every badge on the page.
 * GET /api/notifications/unread-count/ → {count}. Failures are silent and keep the last value
 * (the dashboard's loads are silent, spec §8); null means "not known yet".
 */
export const unreadState = proxy<{ count: number | null }>({ count: null });

const POLL_MS = 60_000;
let inFlight: Promise<void> | null = null;

export function refreshUnreadCount(): Promise<void> {
  if (!session.access) return Promise.resolve();
  inFlight ??= api
    .get<{ count: number }>('/api/notifications/unread-count/')
    .then((data) => {
      if (typeof data?.count === 'number') unreadState.count = data.count;
    })
    .catch(() => {})
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Tells the badges what a screen already knows (e.g. DashboardSummary.unread_notifications). */
export function setUnreadCount(count: number): void {
  unreadState.count = count;
}

/** Live unread count: loads on mount, then every minute and when the tab comes back into view. */
export function useUnreadCount(): number | null {
  const { count } = useSnapshot(unreadState);
  useEffect(() => {
    void refreshUnreadCount();
    const timer = setInterval(() => void refreshUnreadCount(), POLL_MS);
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
