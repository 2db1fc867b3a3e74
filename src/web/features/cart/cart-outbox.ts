import { refreshAccessToken } from '../../lib/api-client';
import type { Mutation, Outbox } from '../offline/outbox';
import { getOutbox, startOffline } from '../offline/start-offline';

/**
 * The page's outbox, started now if main.tsx has not got to it yet (it starts it after the first
 * paint; startOffline is idempotent), so a cart edit is never made without being queued.
 */
export function cartOutbox(): Outbox {
  const existing = getOutbox();
  if (existing) return existing;
  startOffline({ refreshAccess: refreshAccessToken });
  return getOutbox()!;
}

export function enqueueCartMutation(mutation: Mutation): Promise<unknown> {
  return cartOutbox().enqueue(mutation);
}
