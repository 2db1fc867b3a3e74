import { useRef, useState } from 'react';
import type { PaymentStart } from '../../../../shared/contract/cart';
import { createAttemptKeys } from './attempt-key';
import { startAndRedirect } from './submit';

/**
 * One payment start at a time for a donate form: a double click while the first is on its way is
 * ignored, the same details reuse their Idempotency-Key, and `busy` stays true once we are leaving
 * for the provider (the overlay stays until its page replaces ours).
 */
export function usePaymentAttempt() {
  const [busy, setBusy] = useState(false);
  const keys = useRef(createAttemptKeys()).current;
  const inFlight = useRef(false);

  const start = async <R>(request: R, send: (request: R, key: string) => Promise<PaymentStart | undefined>): Promise<void> => {
    const key = keys.keyFor(request);
    inFlight.current = true;
    setBusy(true);
    const leaving = await startAndRedirect(() => send(request, key));
    inFlight.current = false;
    if (!leaving) setBusy(false);
  };

  return { busy, inFlight: () => inFlight.current, start };
}
