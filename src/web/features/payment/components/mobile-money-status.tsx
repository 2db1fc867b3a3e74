import { useEffect, useRef, useState } from 'react';
import type { MobileCharge } from '../../../../shared/contract/mobile-money';
import type { PaymentVerified } from '../../../../shared/contract/payments';
import { formatGhs } from '../../../../shared/money';
import { MOBILE_NETWORK_NAMES } from '../../../../shared/phone';
import { useMobileCharge } from '../lib/use-mobile-charge';
import { PaymentThankYou } from './payment-thank-you';
import '../payment.css';

export const MOBILE_TEXT = {
  approve: (amount: string) => `Approve ${amount} on your phone`,
  keepOpen: 'Keep this page open: it changes by itself once you approve.',
  expiresIn: (clock: string) => `The prompt expires in ${clock}`,
  otpTitle: 'Enter the code from your network',
  otpLabel: 'Code sent to your phone',
  otpHint: 'The code or voucher your network sent by SMS.',
  otpShape: 'Enter the code as it came: 4 to 10 digits.',
  otpSend: 'Confirm code',
  otpSending: 'Confirming…',
  confirming: 'Approved. Getting your receipt…',
  failedTitle: 'Payment not completed',
  timeoutTitle: 'The prompt timed out',
  timeoutWhy: 'No answer came from your phone in time.',
  nothingCharged: 'Nothing was charged.',
  resend: 'Send the prompt again',
  resending: 'Sending the prompt…',
  change: 'Use another number',
  wallet: (network: string, phone: string) => `${network} · ${phone}`,
} as const;

/** Code or voucher: digits only once spaces are gone (the server takes up to 20 characters; networks send 4–10 digits). */
export function otpShape(input: string): string | null {
  const otp = input.replace(/\s/g, '');
  return /^\d{4,10}$/.test(otp) ? otp : null;
}

function useSecondsLeft(expiresAt: string, running: boolean): number {
  const until = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [running, expiresAt]);
  return Number.isFinite(until) ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/** The provider's words, unless they only repeat our heading. */
function providerSays(text: string, heading: string): boolean {
  const plain = (t: string) =>
    t
      .trim()
      .replace(/[.!]+$/, '')
      .toLowerCase();
  return Boolean(text.trim()) && plain(text) !== plain(heading);
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export interface MobileMoneyStatusProps {
  charge: MobileCharge;
  /** Once per verified payment (the route refreshes the cart and the history). */
  onPaid?: (result: PaymentVerified) => void;
  /** Back to the form, to give with another number. */
  onChangeNumber?: () => void;
}

/**
 * The in-page status of a mobile money charge (issue #30): approve on the phone with a live countdown,
 * the OTP form, the thanks with the receipt, or why it failed with a new prompt. The message area is
 * aria-live polite; the countdown is a timer (not announced every second); focus moves to the OTP input.
 */
export function MobileMoneyStatus({ charge: first, onPaid, onChangeNumber }: MobileMoneyStatusProps) {
  const { view, charge, busy, error, submitOtp, resend } = useMobileCharge(first, onPaid);
  const seconds = useSecondsLeft(charge.expires_at, view.kind === 'waiting' || view.kind === 'otp');
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const otpInput = useRef<HTMLInputElement>(null);
  const amount = formatGhs(charge.total_amount);
  const wallet = MOBILE_TEXT.wallet(MOBILE_NETWORK_NAMES[charge.network] ?? charge.network, charge.phone);

  useEffect(() => {
    if (view.kind === 'otp') otpInput.current?.focus();
  }, [view.kind, charge.reference]);

  const sendOtp = () => {
    if (busy) return;
    const code = otpShape(otp);
    if (!code) {
      setOtpError(MOBILE_TEXT.otpShape);
      otpInput.current?.focus();
      return;
    }
    setOtpError(null);
    void submitOtp(code);
  };

  const fieldError = otpError ?? (view.kind === 'otp' ? error : null);

  return (
    <section className="payment-card momo-status" aria-label="Mobile money payment">
      <div className="momo-status__live" aria-live="polite">
        {view.kind === 'waiting' ? (
          <>
            <h2>{MOBILE_TEXT.approve(amount)}</h2>
            {providerSays(charge.display_text, MOBILE_TEXT.approve(amount)) ? <p>{charge.display_text}</p> : null}
            <p className="momo-status__wallet">{wallet}</p>
            <p className="field__hint">{MOBILE_TEXT.keepOpen}</p>
          </>
        ) : view.kind === 'otp' ? (
          <>
            <h2>{MOBILE_TEXT.otpTitle}</h2>
            {charge.display_text ? <p>{charge.display_text}</p> : null}
            <p className="momo-status__wallet">{wallet}</p>
          </>
        ) : view.kind === 'confirming' ? (
          <>
            <div className="redirect-spinner" aria-hidden="true" />
            <h2>{MOBILE_TEXT.confirming}</h2>
          </>
        ) : view.kind === 'paid' ? (
          <PaymentThankYou result={view.result} headingLevel={2} />
        ) : (
          <>
            <p className="payment-card__icon payment-card__icon--bad" aria-hidden="true">
              !
            </p>
            <h2>{view.kind === 'failed' ? MOBILE_TEXT.failedTitle : MOBILE_TEXT.timeoutTitle}</h2>
            <p className="momo-status__reason">{view.kind === 'failed' ? view.reason : MOBILE_TEXT.timeoutWhy}</p>
            <p>{MOBILE_TEXT.nothingCharged}</p>
            {error ? (
              <p className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </>
        )}
      </div>

      {view.kind === 'waiting' || view.kind === 'otp' ? (
        <p className="momo-status__timer" role="timer">
          {MOBILE_TEXT.expiresIn(clock(seconds))}
        </p>
      ) : null}

      {view.kind === 'otp' ? (
        <form
          className="momo-status__otp"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            sendOtp();
          }}
        >
          <div className="field">
            <label htmlFor="momo-otp">{MOBILE_TEXT.otpLabel}</label>
            <input
              ref={otpInput}
              id="momo-otp"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={otp}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'momo-otp-error' : 'momo-otp-hint'}
              onChange={(e) => setOtp(e.target.value)}
            />
            {fieldError ? (
              <p id="momo-otp-error" className="field__error" role="alert">
                {fieldError}
              </p>
            ) : (
              <p id="momo-otp-hint" className="field__hint">
                {MOBILE_TEXT.otpHint}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? MOBILE_TEXT.otpSending : MOBILE_TEXT.otpSend}
          </button>
        </form>
      ) : null}

      {view.kind === 'failed' || view.kind === 'timeout' ? (
        <p className="button-row">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void resend()}>
            {busy ? MOBILE_TEXT.resending : MOBILE_TEXT.resend}
          </button>
          {onChangeNumber ? (
            <button type="button" className="button button--secondary" onClick={onChangeNumber}>
              {MOBILE_TEXT.change}
            </button>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
