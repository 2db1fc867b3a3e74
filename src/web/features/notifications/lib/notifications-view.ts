import type { Notification } from '../../../../shared/contract/account';
import { t } from '../../../lib/i18n';

/** Newest first (ISO timestamps from the API compare as text); ties by id so the order is stable. */
export function byNewest(a: Notification, b: Notification): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Spec §3 `cause` is the cause's title; its id is `cause_id`. Rows saved on the device (and socket
 * or push payloads) from before carried the id in `cause` and no `cause_id`: read them the new way.
 */
export function normalizeNotification(n: Notification): Notification {
  if (n.cause_id !== undefined) return n;
  const legacy = n as Omit<Notification, 'cause_id'>;
  return { ...legacy, cause_id: legacy.cause, cause: legacy.cause_title ?? null };
}

/** `incoming` over `current`, one row per id, newest first. A row read here stays read. */
export function mergeNotifications(current: readonly Notification[], incoming: readonly Notification[]): Notification[] {
  const byId = new Map(current.map((n) => [n.id, n]));
  for (const n of incoming.map(normalizeNotification)) {
    const known = byId.get(n.id);
    byId.set(n.id, known?.is_read ? { ...n, is_read: true } : n);
  }
  return [...byId.values()].sort(byNewest);
}

/** Spec §2 search: message, title or the cause's title, case-insensitive. */
export function searchNotifications(items: readonly Notification[], search: string): Notification[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((n) => [n.message, n.title, n.cause].some((text) => text?.toLowerCase().includes(needle)));
}

/** Shown only when the server cannot answer and nothing is saved on this device (spec §8), in the language on screen. */
export const sampleNotifications = (): Notification[] => [
  {
    id: 'sample-1',
    title: t('notifications.sample.donationTitle'),
    message: t('notifications.sample.donationMessage', { cause: 'Surgery for baby Esi' }),
    cause: 'Surgery for baby Esi',
    kind: 'general',
    cause_id: null,
    cause_title: 'Surgery for baby Esi',
    is_read: false,
    created_at: '2025-10-14T09:30:00.000Z',
  },
  {
    id: 'sample-2',
    title: t('notifications.sample.approvedTitle'),
    message: t('notifications.sample.approvedMessage', { cause: 'Clean water for Bolga' }),
    cause: 'Clean water for Bolga',
    kind: 'general',
    cause_id: null,
    cause_title: 'Clean water for Bolga',
    is_read: false,
    created_at: '2025-10-12T16:05:00.000Z',
  },
  {
    id: 'sample-3',
    title: t('notifications.sample.goalTitle'),
    message: t('notifications.sample.goalMessage', { cause: 'School roof in Tamale' }),
    cause: 'School roof in Tamale',
    kind: 'general',
    cause_id: null,
    cause_title: 'School roof in Tamale',
    is_read: true,
    created_at: '2025-10-03T11:00:00.000Z',
  },
];
