import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import type { Cause } from '../../../shared/contract/causes';
import { session } from '../../stores/session-store';
import { causeLedger } from './cause-with-ledger';

// Updates and words of support (updates feature) below the cause page (causes feature), beside the
// ledger, put together here so the causes feature never imports them. Each is its own chunk.
const CauseUpdates = lazy(() => import('../../features/updates/components/cause-updates'));
const SupportMessages = lazy(() => import('../../features/updates/components/support-messages'));

function CauseExtras({ cause, offline }: { cause: Cause; offline: boolean }) {
  const { access, user_id, role } = useSnapshot(session);
  const canManage = Boolean(access) && (role === 'admin' || user_id === cause.organizer_id);
  return (
    <>
      <Suspense fallback={null}>
        <CauseUpdates cause={cause} offline={offline} canManage={canManage} />
        <SupportMessages cause={cause} offline={offline} canManage={canManage} />
      </Suspense>
      {/* The ledger needs the server's figures: it is left out offline. */}
      {offline ? null : causeLedger(cause)}
    </>
  );
}

export function causeExtras(cause: Cause, { offline }: { offline: boolean }) {
  return <CauseExtras cause={cause} offline={offline} />;
}
