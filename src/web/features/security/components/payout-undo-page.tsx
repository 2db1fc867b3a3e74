import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageShell } from '../../../components/layout/page-shell';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { clearSession } from '../../../stores/session-store';
import { undoPayoutChange } from '../api/security-api';
import { useT } from '../../../lib/i18n';

/** Where the "payout details changed" mail's link lands: a button (mail scanners that open links change nothing). */
export function PayoutUndoPage({ token }: { token: string | undefined }) {
  const t = useT();
  useDocumentTitle(t('security.payoutUndo.title'));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function go() {
    if (!token) return;
    setBusy(true);
    setProblem(null);
    try {
      setDone((await undoPayoutChange(token)).detail);
      // The server signed this account out everywhere, this browser included.
      clearSession();
    } catch (error) {
      setProblem(errorMessage(error, t('security.payoutUndo.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell className="container page page--narrow">
      <h1>{t('security.payoutUndo.title')}</h1>
      {!token ? (
        <p className="form-error" role="alert">
          {t('security.payoutUndo.noToken')}
        </p>
      ) : done ? (
        <>
          <p role="status">{done}</p>
          <p>
            <Link to="/sign-in">{t('security.payoutUndo.signIn')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('security.payoutUndo.explain')}</p>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void go()}>
            {busy ? t('security.payoutUndo.busy') : t('security.payoutUndo.action')}
          </button>
        </>
      )}
    </PageShell>
  );
}
