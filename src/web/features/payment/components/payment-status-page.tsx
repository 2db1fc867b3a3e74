import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentVerification, PaymentVerified } from '../../../../shared/contract/payments';
import { PageShell } from '../../../components/layout/page-shell';
import { ApiError } from '../../../lib/api-client';
import { slot } from '../../../../shared/i18n/slots';
import { t as translate, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { verifyPayment } from '../api/payment-api';
import { resolveReference } from '../lib/reference';
import { PaymentThankYou } from './payment-thank-you';
import '../payment.css';

/** Automatic re-checks while the provider still says pending: 2 s, 4 s, 8 s, then the button only. */
export const PENDING_POLL_MS = [2000, 4000, 8000];

type View =
  | { state: 'missing' }
  | { state: 'verifying' }
  | { state: 'success'; result: PaymentVerified }
  | { state: 'pending'; result: PaymentVerification }
  | { state: 'failed'; message: string };

export interface PaymentStatusPageProps {
  reference?: string;
  /** Called once a payment is verified (the route refreshes the cart and the donation history). */
  onVerified?: (result: PaymentVerification) => void;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return translate('payment.status.notFound');
    return error.errorBody?.detail || translate('payment.status.notVerified');
  }
  return translate('payment.status.offline');
}

/** Spec §2 /payment-status?reference=: 'Verifying payment...', then verified, complete (pending) or failed. */
export function PaymentStatusPage({ reference: fromQuery, onVerified }: PaymentStatusPageProps) {
  const t = useT();
  useDocumentTitle(t('payment.status.title'));
  const reference = resolveReference(fromQuery);
  const [view, setView] = useState<View>(reference ? { state: 'verifying' } : { state: 'missing' });
  const polls = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const announced = useRef<string | null>(null);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  const check = useCallback(
    async (signal?: AbortSignal) => {
      if (!reference) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setView((v) => (v.state === 'pending' ? v : { state: 'verifying' }));
      let result: PaymentVerification;
      try {
        result = await verifyPayment(reference, signal);
      } catch (error) {
        if (signal?.aborted) return;
        setView({ state: 'failed', message: failureMessage(error) });
        return;
      }
      if (signal?.aborted) return;
      if (result.status === 'success') {
        setView({ state: 'success', result });
        if (announced.current !== reference) {
          announced.current = reference;
          toast.success(translate('payment.status.verified'));
          onVerifiedRef.current?.(result);
        }
      } else if (result.status === 'pending' || result.status === 'flagged') {
        // The server answers both with 202 and no message: no outcome yet. Only 'pending' can change by itself soon.
        setView({ state: 'pending', result });
        const delay = result.status === 'pending' ? PENDING_POLL_MS[polls.current] : undefined;
        if (delay !== undefined) {
          polls.current += 1;
          timer.current = setTimeout(() => void check(signal), delay);
        }
      } else {
        setView({ state: 'failed', message: result.detail || translate('payment.status.notCompleted') });
      }
    },
    [reference],
  );

  useEffect(() => {
    if (!reference) {
      setView({ state: 'missing' });
      return;
    }
    polls.current = 0;
    const controller = new AbortController();
    void check(controller.signal);
    return () => {
      controller.abort();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [reference, check]);

  const checkAgain = () => {
    polls.current = PENDING_POLL_MS.length; // a manual check does not restart the automatic ones
    void check();
  };

  return (
    <PageShell className="container page page--narrow payment-status">
      <div className="payment-card" aria-live="polite">
        {view.state === 'missing' ? (
          <>
            <h1>{t('payment.status.missing')}</h1>
            <p>{t('payment.status.missingText')}</p>
            <p className="button-row">
              <Link to="/cartpage" className="button button--secondary">
                {t('payment.status.goToCart')}
              </Link>
              <Link to="/causelistpage" className="button button--primary">
                {t('payment.status.browse')}
              </Link>
            </p>
          </>
        ) : view.state === 'verifying' ? (
          <>
            <div className="redirect-spinner" aria-hidden="true" />
            <h1>{t('payment.status.verifying')}</h1>
            <p className="payment-card__ref">
              {withElements(t('payment.reference', { reference: slot('reference') }), { reference: <code>{reference}</code> })}
            </p>
          </>
        ) : view.state === 'success' ? (
          <PaymentThankYou result={view.result} />
        ) : view.state === 'pending' ? (
          <>
            <h1>{t('payment.status.pending')}</h1>
            <p>
              {view.result.status === 'flagged' ? t('payment.status.flagged') : view.result.detail || t('payment.status.stillConfirming')}
            </p>
            {view.result.status === 'pending' ? <p>{t('payment.status.notTwice')}</p> : null}
            <p className="payment-card__ref">
              {withElements(t('payment.reference', { reference: slot('reference') }), { reference: <code>{reference}</code> })}
            </p>
            <button type="button" className="button button--primary" onClick={checkAgain}>
              {t('payment.status.checkAgain')}
            </button>
          </>
        ) : (
          <>
            <p className="payment-card__icon payment-card__icon--bad" aria-hidden="true">
              !
            </p>
            <h1>{t('payment.status.failed')}</h1>
            <p>{view.message}</p>
            <p>{t('payment.status.cartKept')}</p>
            {reference ? (
              <p className="payment-card__ref">
                {withElements(t('payment.reference', { reference: slot('reference') }), { reference: <code>{reference}</code> })}
              </p>
            ) : null}
            <p className="button-row">
              <Link to="/cartpage" className="button button--primary">
                {t('payment.status.backToCart')}
              </Link>
              <button type="button" className="button button--secondary" onClick={checkAgain}>
                {t('payment.status.checkAgain')}
              </button>
            </p>
          </>
        )}
      </div>
    </PageShell>
  );
}
