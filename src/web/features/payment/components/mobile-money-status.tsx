import { useEffect, useRef, useState } from 'react';
import type { MobileCharge } from '../../../../shared/contract/mobile-money';
import type { PaymentVerified } from '../../../../shared/contract/payments';
import { formatGhs } from '../../../../shared/money';
import { MOBILE_NETWORK_NAMES } from '../../../../shared/phone';
import { useT } from '../../../lib/i18n';
import { useMobileCharge } from '../lib/use-mobile-charge';
import { PaymentThankYou } from './payment-thank-you';
import '../payment.css';

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
  const t = useT();
  const amount = formatGhs(charge.total_amount);
  const approve = t('payment.momo.approve', { amount });
  const wallet = `${MOBILE_NETWORK_NAMES[charge.network] ?? charge.network} · ${charge.phone}`;

  useEffect(() => {
    if (view.kind === 'otp') otpInput.current?.focus();
  }, [view.kind, charge.reference]);

  const sendOtp = () => {
    if (busy) return;
    const code = otpShape(otp);
    if (!code) {
      setOtpError(t('payment.momo.otpShape'));
      otpInput.current?.focus();
      return;
    }
    setOtpError(null);
    void submitOtp(code);
  };

  const fieldError = otpError ?? (view.kind === 'otp' ? error : null);

  return (
    <section className="payment-card momo-status" aria-label={t('payment.momo.label')}>
      <div className="momo-status__live" aria-live="polite">
        {view.kind === 'waiting' ? (
          <>
            <h2>{approve}</h2>
            {providerSays(charge.display_text, approve) ? <p>{charge.display_text}</p> : null}
            <p className="momo-status__wallet">{wallet}</p>
            <p className="field__hint">{t('payment.momo.keepOpen')}</p>
          </>
        ) : view.kind === 'otp' ? (
          <>
            <h2>{t('payment.momo.otpTitle')}</h2>
            {charge.display_text ? <p>{charge.display_text}</p> : null}
            <p className="momo-status__wallet">{wallet}</p>
          </>
        ) : view.kind === 'confirming' ? (
          <>
            <div className="redirect-spinner" aria-hidden="true" />
            <h2>{t('payment.momo.confirming')}</h2>
          </>
        ) : view.kind === 'paid' ? (
          <PaymentThankYou result={view.result} headingLevel={2} />
        ) : (
          <>
            <p className="payment-card__icon payment-card__icon--bad" aria-hidden="true">
              !
            </p>
            <h2>{view.kind === 'failed' ? t('payment.momo.failedTitle') : t('payment.momo.timeoutTitle')}</h2>
            <p className="momo-status__reason">{view.kind === 'failed' ? view.reason : t('payment.momo.timeoutWhy')}</p>
            <p>{t('payment.momo.nothingCharged')}</p>
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
          {t('payment.momo.expiresIn', { clock: clock(seconds) })}
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
            <label htmlFor="momo-otp">{t('payment.momo.otpLabel')}</label>
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
                {t('payment.momo.otpHint')}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('payment.momo.otpSending') : t('payment.momo.otpSend')}
          </button>
        </form>
      ) : null}

      {view.kind === 'failed' || view.kind === 'timeout' ? (
        <p className="button-row">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void resend()}>
            {busy ? t('payment.momo.resending') : t('payment.momo.resend')}
          </button>
          {onChangeNumber ? (
            <button type="button" className="button button--secondary" onClick={onChangeNumber}>
              {t('payment.momo.change')}
            </button>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
