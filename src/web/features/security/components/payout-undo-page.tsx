import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageShell } from '../../../components/layout/page-shell';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { clearSession } from '../../../stores/session-store';
import { undoPayoutChange } from '../api/security-api';

export const PAYOUT_UNDO_TEXT = {
  title: 'Undo the change of payout details',
  explain:
    'This puts back the withdrawal details you had before the change and signs your account out on every device. Use it if you did not make the change.',
  action: 'Undo the change',
  busy: 'Undoing...',
  noToken: 'This page needs the link from your email.',
  failed: 'That did not work. Check your connection and try again.',
  signIn: 'Sign in',
} as const;

/** Where the "payout details changed" mail's link lands: a button (mail scanners that open links change nothing). */
export function PayoutUndoPage({ token }: { token: string | undefined }) {
  useDocumentTitle(PAYOUT_UNDO_TEXT.title);
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
      setProblem(errorMessage(error, PAYOUT_UNDO_TEXT.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell className="container page page--narrow">
      <h1>{PAYOUT_UNDO_TEXT.title}</h1>
      {!token ? (
        <p className="form-error" role="alert">
          {PAYOUT_UNDO_TEXT.noToken}
        </p>
      ) : done ? (
        <>
          <p role="status">{done}</p>
          <p>
            <Link to="/sign-in">{PAYOUT_UNDO_TEXT.signIn}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{PAYOUT_UNDO_TEXT.explain}</p>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void go()}>
            {busy ? PAYOUT_UNDO_TEXT.busy : PAYOUT_UNDO_TEXT.action}
          </button>
        </>
      )}
    </PageShell>
  );
}
