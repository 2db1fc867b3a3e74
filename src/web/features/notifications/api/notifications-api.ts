import type { Notification } from '../../../../shared/contract/account';
import type { Paginated } from '../../../../shared/contract/common';
import { api, ApiError } from '../../../lib/api-client';
import { getOutbox } from '../../offline/start-offline';

/** Catch-up follows `next` at most this many pages (20 each): a long outage still ends in a bounded read. */
const MAX_CATCH_UP_PAGES = 5;

export interface NotificationPage {
  items: Notification[];
  hasMore: boolean;
}

function toPage(data: Paginated<Notification> | Notification[] | undefined): NotificationPage {
  if (Array.isArray(data)) return { items: data, hasMore: false };
  return { items: data?.results ?? [], hasMore: Boolean(data?.next) };
}

/** GET /api/notifications/?page={n} (spec §7: plain array or an object with results). */
export async function fetchNotificationsPage(page: number): Promise<NotificationPage> {
  return toPage(await api.get<Paginated<Notification> | Notification[]>(`/api/notifications/?page=${page}`));
}

/** GET /api/notifications/?since={ISO}: everything newer than what this device has, newest first. */
export async function fetchNotificationsSince(since: string): Promise<Notification[]> {
  const items: Notification[] = [];
  for (let page = 1; page <= MAX_CATCH_UP_PAGES; page += 1) {
    const answer = toPage(
      await api.get<Paginated<Notification> | Notification[]>(`/api/notifications/?since=${encodeURIComponent(since)}&page=${page}`),
    );
    items.push(...answer.items);
    if (!answer.hasMore) break;
  }
  return items;
}

/**
 * Sent at once (a reload right after must already see it read); when the network is down, queued in
 * the outbox (sent in order once back online). A server refusal is not retried: the next load shows
 * the server's truth.
 */
async function mutate(url: string): Promise<void> {
  const outbox = getOutbox();
  if (outbox && navigator.onLine === false) {
    await outbox.enqueue({ method: 'POST', url });
    return;
  }
  try {
    await api.post(url);
  } catch (error) {
    if (error instanceof ApiError || !outbox) throw error;
    await outbox.enqueue({ method: 'POST', url });
  }
}

/** POST /api/notifications/{id}/read/ */
export const sendMarkRead = (id: string) => mutate(`/api/notifications/${encodeURIComponent(id)}/read/`);

/** POST /api/notifications/read-all/ */
export const sendMarkAllRead = () => mutate('/api/notifications/read-all/');
