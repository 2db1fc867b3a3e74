import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { registerStepUpHost, stepUp } from '../../../lib/step-up';

// The dialog's code loads only when a money action first asks for it.
const StepUpDialog = lazy(() => import('./step-up-dialog'));

/** In the page shell: tells the API client a dialog can ask "is it you?", and shows it when asked. */
export function StepUpHost() {
  const { kind } = useSnapshot(stepUp);
  useEffect(() => registerStepUpHost(), []);
  return kind ? (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  ) : null;
}
