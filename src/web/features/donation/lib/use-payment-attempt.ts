import { useRef, useState } from 'react';
import type { MobileCharge } from '../../../../shared/contract/mobile-money';
import { createAttemptKeys } from './attempt-key';
import { startPayment, type StartAnswer } from './submit';

/**
 * One payment start at a time for a donate form: a double click while the first is on its way is
 * ignored, the same details reuse their Idempotency-Key, and `busy` stays true once we are leaving
 * for the provider (the overlay stays until its page replaces ours). A mobile money start answers a
 * charge instead, followed in place (`charge`); `clearCharge` goes back to the form.
 */
export function usePaymentAttempt() {
  const [busy, setBusy] = useState(false);
  const [charge, setCharge] = useState<MobileCharge | null>(null);
  const keys = useRef(createAttemptKeys()).current;
  const inFlight = useRef(false);

  const start = async <R extends { mobile_money?: unknown }>(
    request: R,
    send: (request: R, key: string) => Promise<StartAnswer | undefined>,
  ): Promise<void> => {
    const key = keys.keyFor(request);
    inFlight.current = true;
    setBusy(true);
    const outcome = await startPayment(() => send(request, key), request.mobile_money !== undefined);
    inFlight.current = false;
    if (outcome === 'left') return;
    setBusy(false);
    if (outcome) setCharge(outcome);
  };

  return { busy, inFlight: () => inFlight.current, start, charge, clearCharge: () => setCharge(null) };
}
