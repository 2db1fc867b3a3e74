import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { syncState } from '../stores/sync-store';

// The indicator's code loads with the offline layer, not with the landing page's first paint.
const SyncStatus = lazy(() => import('./sync-status').then((m) => ({ default: m.SyncStatus })));

/** The shell's sync indicator: nothing until the outbox has started (start-offline sets `ready`). */
export function SyncDock() {
  const { ready } = useSnapshot(syncState);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SyncStatus />
    </Suspense>
  );
}
