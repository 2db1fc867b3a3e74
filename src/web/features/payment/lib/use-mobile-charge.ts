import { useCallback, useEffect, useRef, useState } from 'react';
import type { MobileCharge } from '../../../../shared/contract/mobile-money';
import type { PaymentVerification, PaymentVerified } from '../../../../shared/contract/payments';
import { LAST_PAYMENT_REFERENCE_KEY } from '../../../../shared/payment-status';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { resendMobilePrompt, submitMobileOtp, verifyPayment } from '../api/payment-api';
import { watchPayment, type PaymentMessage } from './watch-payment';

/** How often verify is asked while a prompt waits (the socket is the fast path; this is the fallback). Tests may stretch it. */
export const mobilePoll = { ms: 5000 };

/** What the panel shows for the charge in hand. */
export type MobileView =
  | { kind: 'waiting'; charge: MobileCharge }
  | { kind: 'otp'; charge: MobileCharge }
  /** The provider said paid: the receipt is being fetched from verify. */
  | { kind: 'confirming'; charge: MobileCharge }
  | { kind: 'paid'; result: PaymentVerified }
  | { kind: 'failed'; charge: MobileCharge; reason: string }
  /** The prompt lapsed with no answer (verified once more after expires_at). */
  | { kind: 'timeout'; charge: MobileCharge };

function viewOf(charge: MobileCharge): MobileView {
  switch (charge.status) {
    case 'pay_offline':
      return { kind: 'waiting', charge };
    case 'send_otp':
      return { kind: 'otp', charge };
    case 'success':
      return { kind: 'confirming', charge };
    default:
      return { kind: 'failed', charge, reason: charge.display_text };
  }
}

function rememberReference(reference: string): void {
  try {
    localStorage.setItem(LAST_PAYMENT_REFERENCE_KEY, reference);
  } catch {
    // storage blocked: the panel holds it, and /payment-status takes it in the query
  }
}

export interface MobileChargeState {
  view: MobileView;
  /** The charge in hand (a resend replaces it with a new reference). */
  charge: MobileCharge;
  /** An OTP or resend call is on its way. */
  busy: boolean;
  /** Why the last OTP or resend call did not go through (shown by the panel); null when none. */
  error: string | null;
  submitOtp: (otp: string) => Promise<void>;
  resend: () => Promise<void>;
}

/**
 * One mobile money charge followed to its end: the socket's `payment` message for its reference
 * (watch_payment), verify every mobilePoll.ms as the fallback, at once when the socket closes or the
 * tab becomes visible again, and once more when the prompt expires (then the timeout view, unless
 * the payment went through meanwhile). A `success` is always confirmed by verify before the thanks,
 * which shows the receipt the server answers. `onPaid` runs once per reference.
 */
export function useMobileCharge(first: MobileCharge, onPaid?: (result: PaymentVerified) => void): MobileChargeState {
  const [charge, setCharge] = useState(first);
  const [view, setView] = useState<MobileView>(() => viewOf(first));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const current = useRef(first.reference);
  const paidOnce = useRef<string | null>(null);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  /** Ends the current reference's socket and poll (a paid or failed charge has nothing more to say). */
  const stopFollowing = useRef<() => void>(() => {});

  const settle = useCallback((reference: string, result: PaymentVerification, expired: boolean) => {
    if (current.current !== reference) return; // an answer about a charge that was replaced
    const shown = viewRef.current;
    if (shown.kind === 'paid') return;
    if (result.status === 'success') {
      setView({ kind: 'paid', result });
      if (paidOnce.current !== reference) {
        paidOnce.current = reference;
        onPaidRef.current?.(result);
      }
    } else if (result.status === 'failed' || result.status === 'abandoned') {
      if (shown.kind !== 'failed' && shown.kind !== 'timeout' && 'charge' in shown)
        setView({ kind: 'failed', charge: shown.charge, reason: result.detail || shown.charge.display_text });
    } else if (expired && (shown.kind === 'waiting' || shown.kind === 'otp')) {
      setView({ kind: 'timeout', charge: shown.charge });
    }
  }, []);

  const verify = useCallback(
    async (reference: string, expired = false) => {
      try {
        settle(reference, await verifyPayment(reference), expired);
      } catch {
        // unreachable or unknown for now: keep waiting; an expired prompt still offers a new one
        const shown = viewRef.current;
        if (expired && current.current === reference && (shown.kind === 'waiting' || shown.kind === 'otp'))
          setView({ kind: 'timeout', charge: shown.charge });
      }
    },
    [settle],
  );

  // Everything that follows one reference: remembered, watched, polled, and its expiry.
  useEffect(() => {
    const reference = charge.reference;
    current.current = reference;
    rememberReference(reference);
    if (charge.status === 'success') void verify(reference);
    if (charge.status === 'failed') return;
    const waiting = () => {
      const kind = viewRef.current.kind;
      return kind === 'waiting' || kind === 'otp' || kind === 'confirming';
    };
    const onMessage = (message: PaymentMessage) => {
      const shown = viewRef.current;
      if (shown.kind === 'paid' || !('charge' in shown)) return;
      const next = { ...shown.charge, status: message.status, display_text: message.display_text || shown.charge.display_text };
      if (message.status === 'success') {
        setView({ kind: 'confirming', charge: next });
        void verify(reference);
      } else if (message.status === 'failed' && shown.kind !== 'failed') {
        setView({ kind: 'failed', charge: next, reason: next.display_text });
      } else if (message.status === 'send_otp' && shown.kind === 'waiting') {
        setView({ kind: 'otp', charge: next });
      }
    };
    const check = () => waiting() && void verify(reference);
    // A quick approval can settle before the socket's watch is in place (the hub does not replay it): verify once then.
    const stopWatch = watchPayment({ reference, onPayment: onMessage, onClosed: check, onWatching: check });
    const poll = setInterval(check, mobilePoll.ms);
    const left = Date.parse(charge.expires_at) - Date.now();
    const expiry = setTimeout(() => void verify(reference, true), Number.isFinite(left) ? Math.max(0, left) : 0);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    const stop = () => {
      stopWatch();
      clearInterval(poll);
      clearTimeout(expiry);
      document.removeEventListener('visibilitychange', onVisible);
    };
    stopFollowing.current = stop;
    return stop;
    // charge.status/expires_at belong to the reference: a new answer for the same reference does not restart the watch
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [charge.reference, verify]);

  useEffect(() => {
    if (view.kind === 'paid' || view.kind === 'failed') stopFollowing.current();
  }, [view.kind]);

  /** A new answer from the server (OTP, resend) becomes the charge in hand. */
  const take = (next: MobileCharge) => {
    setCharge(next);
    setView(viewOf(next));
    if (next.reference === current.current && next.status === 'success') void verify(next.reference);
  };

  const call = async (run: () => Promise<MobileCharge>, refused: (e: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      take(await run());
    } catch (e) {
      setError(refused(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    view,
    charge,
    busy,
    error,
    submitOtp: (otp) => call(() => submitMobileOtp(charge.reference, otp), refusalText),
    resend: () => call(() => resendMobilePrompt(charge.reference), refusalText),
  };
}

/** The server's own words for a refusal; a lost connection says so. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.errorBody;
    const field = body?.errors ? Object.values(body.errors).flat()[0] : undefined;
    return (typeof field === 'string' && field) || body?.detail || t('payment.momo.refused');
  }
  return t('payment.momo.offline');
}
