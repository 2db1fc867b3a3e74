import { lazy, Suspense } from 'react';
import type { Cause } from '../../../shared/contract/causes';

// The cause page (causes feature) with 'Where the money goes' (payouts feature) below it, put
// together here so neither feature imports the other. The ledger is its own chunk.
const CauseLedger = lazy(() => import('../../features/payouts/components/cause-ledger'));

export function causeLedger(cause: Cause) {
  return (
    <Suspense fallback={null}>
      <CauseLedger causeId={cause.id} />
    </Suspense>
  );
}
