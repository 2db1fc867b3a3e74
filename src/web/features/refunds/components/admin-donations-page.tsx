import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { getCause } from '../../causes/api/causes-api';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { slot } from '../../../../shared/i18n/slots';
import { DonationRefundList } from './donation-refund-list';
import '../refunds.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type CauseState = { kind: 'loading' } | { kind: 'ok'; cause: Cause } | { kind: 'missing' } | { kind: 'failed' };

function CauseHeading({ causeId }: { causeId: string }) {
  const t = useT();
  const load = useLoad(
    (signal) =>
      getCause(causeId, { signal }).then(
        (cause): CauseState => ({ kind: 'ok', cause }),
        (error: unknown): CauseState => {
          if (error instanceof ApiError && error.status === 404) return { kind: 'missing' };
          throw error;
        },
      ),
    [causeId],
  );
  const state: CauseState = load.data ?? (load.failed ? { kind: 'failed' } : { kind: 'loading' });

  if (state.kind === 'ok') {
    return (
      <h2 id="donations-title">
        {withElements(t('refunds.admin.donationsTo', { cause: slot('cause') }), {
          cause: (
            <Link to="/causes/$id" params={{ id: causeId }}>
              {state.cause.title || state.cause.name}
            </Link>
          ),
        })}
      </h2>
    );
  }
  return (
    <>
      <h2 id="donations-title">{t('refunds.admin.donations')}</h2>
      {state.kind === 'missing' ? <p className="field__hint">{t('refunds.admin.noSuchCause')}</p> : null}
    </>
  );
}

interface Props {
  causeId: string | undefined;
  /** Shows another cause's donations (the route keeps it in `?cause_id=`). */
  onPick: (causeId: string) => void;
}

/** /admindonations?cause_id=: a cause's donations with what was refunded, and a Refund action per donation. */
export function AdminDonationsPage({ causeId, onPick }: Props) {
  const t = useT();
  useDocumentTitle(t('refunds.admin.title'));
  const id = useId();
  const [text, setText] = useState(causeId ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setText(causeId ?? ''), [causeId]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!UUID.test(value)) {
      setError(t('refunds.admin.badId'));
      return;
    }
    setError(null);
    onPick(value.toLowerCase());
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const valid = causeId !== undefined && UUID.test(causeId);
  return (
    <div className="refunds-page">
      <h1>{t('refunds.admin.title')}</h1>
      <section className="panel" aria-labelledby={`${id}-picker`}>
        <h2 id={`${id}-picker`}>{t('refunds.admin.choose')}</h2>
        <form className="refund-picker" onSubmit={onSubmit} noValidate>
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-cause`}>{t('refunds.admin.causeId')}</label>
            <input
              id={`${id}-cause`}
              name="cause_id"
              autoComplete="off"
              spellCheck={false}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
              onChange={(e) => {
                setText(e.target.value);
                if (error) setError(null);
              }}
            />
            <p id={hintId} className="field__hint">
              {t('refunds.admin.causeIdHint')}
            </p>
            {error ? (
              <p id={errorId} className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary">
            {t('refunds.admin.show')}
          </button>
        </form>
      </section>
      {valid ? (
        <section className="panel" aria-labelledby="donations-title">
          <CauseHeading causeId={causeId} />
          <DonationRefundList key={causeId} scope="admin" causeId={causeId} label={t('refunds.admin.donations')} />
        </section>
      ) : null}
    </div>
  );
}
